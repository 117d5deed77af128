/**
 * Every table, as Kysely sees it. The database layer names no feature: each feature adds its own
 * tables to this interface from its table file, beside its code, with TypeScript's declaration
 * merging (`declare module '../db/schema.js' { interface Database { apps: AppsTable } }`), so
 * every import runs down to db/ (docs/architecture.md, "Layers").
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features
export interface Database {}

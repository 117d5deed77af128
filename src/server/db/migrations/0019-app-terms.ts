import type { Kysely } from 'kysely';

// An app's terms of use (docs/access-requests.md, "Terms of use"): `{ version, text | url }` as
// JSON text, null when none (every existing app). An access request records the version its
// requester accepted; null for requests of apps without terms and those made before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('apps').addColumn('terms', 'text').execute();
  await db.schema.alterTable('accessRequests').addColumn('acceptedTerms', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accessRequests').dropColumn('acceptedTerms').execute();
  await db.schema.alterTable('apps').dropColumn('terms').execute();
}

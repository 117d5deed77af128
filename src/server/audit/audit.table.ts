import type { Generated, Selectable } from 'kysely';

/** The append-only audit log: every admin change, and the catalog file's at start-up. */
export interface AuditTable {
  id: Generated<number>;
  at: string;
  actorSubject: string;
  actorUsername: string;
  action: string;
  appId: string | null;
  /** JSON of the fields before / after the change; null when there were none. */
  before: string | null;
  after: string | null;
}

export type AuditRow = Selectable<AuditTable>;

/** This folder's table in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    audit: AuditTable;
  }
}

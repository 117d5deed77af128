import type { ColumnType, Generated, Selectable } from 'kysely';

/** An app's logo, in the database (decision 0005): one per app, removed with the app. */
export interface LogosTable {
  appId: string;
  contentType: string;
  bytes: Buffer;
  /** Hex SHA-256 of the bytes: the ETag and part of the public file name. */
  sha256: string;
  updated: string;
}

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

export interface SettingsTable {
  key: string;
  value: ColumnType<string, string, string>;
}

export type LogoRow = Selectable<LogosTable>;
export type AuditRow = Selectable<AuditTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    logos: LogosTable;
    audit: AuditTable;
    settings: SettingsTable;
  }
}

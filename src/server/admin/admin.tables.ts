import type { ColumnType, Selectable } from 'kysely';

/** An app's logo, in the database (decision 0005): one per app, removed with the app. */
export interface LogosTable {
  appId: string;
  contentType: string;
  bytes: Buffer;
  /** Hex SHA-256 of the bytes: the ETag and part of the public file name. */
  sha256: string;
  updated: string;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<string, string, string>;
}

export type LogoRow = Selectable<LogosTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    logos: LogosTable;
    settings: SettingsTable;
  }
}

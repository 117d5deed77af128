import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** The database file cannot be opened or is not a SQLite database. */
export class DatabaseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseError';
  }
}

/**
 * Opens the SQLite database (`:memory:` for tests) with the settings the portal relies on:
 * WAL so readers never wait for the writer, foreign keys enforced, and a busy timeout so a
 * second process waits briefly instead of failing at once.
 */
export function openDatabase(file: string): Db {
  let sqlite: SQLite.Database;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
  } catch (error) {
    throw new DatabaseError(`Cannot open the database ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/**
 * How long a statement waits for another connection's lock. The driver is synchronous, so this
 * wait blocks the event loop: kept short, and a write still blocked gets SQLITE_BUSY, which the
 * error handler answers with 503 and Retry-After (docs/operations.md).
 */
export const BUSY_TIMEOUT_MS = 200;

/** The database file cannot be opened or is not a SQLite database. */
export class DatabaseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseError';
  }
}

/** Whether an error is SQLite saying another connection holds the lock. */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/** Owner-only permissions for the data folder and the database files (they hold sessions). */
function restrict(path: string, mode: number) {
  try {
    if (existsSync(path)) chmodSync(path, mode);
  } catch {
    // A file owned by someone else (a mounted volume): leave it; the operator owns that choice.
  }
}

/**
 * Opens the SQLite database (`:memory:` for tests) with the settings the portal relies on:
 * WAL so readers never wait for the writer, foreign keys enforced, a short busy time-out, and
 * `synchronous = NORMAL` (in WAL mode a power loss can lose the last transactions committed
 * before it, never corrupt the file: docs/operations.md). The folder is created 0700 and the
 * files 0600.
 */
export function openDatabase(file: string): Db {
  let sqlite: SQLite.Database;
  try {
    if (file !== ':memory:') {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      restrict(dirname(file), 0o700);
    }
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    sqlite.pragma('synchronous = NORMAL');
    if (file !== ':memory:') {
      for (const suffix of ['', '-wal', '-shm']) restrict(`${file}${suffix}`, 0o600);
    }
  } catch (error) {
    throw new DatabaseError(`Cannot open the database ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Another process already uses this DATA_DIR. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(
      `Another app-portal process is already using DATA_DIR=${dataDir} (its lock file ` +
        `${join(dataDir, 'portal.lock')} is held). Two servers on one SQLite database would ` +
        'block each other; stop the other one, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Takes the data folder for this process: an exclusive SQLite lock on `portal.lock`, held until
 * the process ends (the operating system releases it even after kill -9). A second server on
 * the same folder is refused at start-up; backup and restore use the same lock.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, 'portal.lock');
  const lock = new SQLite(file);
  try {
    lock.pragma('busy_timeout = 0');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY)');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if (isDatabaseBusy(error)) throw new DataDirInUseError(dataDir);
    throw error;
  }
  restrict(file, 0o600);
  return {
    release() {
      try {
        lock.exec('ROLLBACK');
      } finally {
        lock.close();
      }
    },
  };
}

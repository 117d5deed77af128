import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { databaseUrlKind } from '../config/parsers.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/**
 * How long a statement waits for another connection's lock. The driver is synchronous, so this
 * wait blocks the event loop: kept short, and a write still blocked gets SQLITE_BUSY, which the
 * error handler answers with 503 and Retry-After (docs/operations.md).
 */
export const BUSY_TIMEOUT_MS = 200;

/** The database cannot be opened or reached, or is not the kind the URL names. */
export class DatabaseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseError';
  }
}

/** Where the data lives: a SQLite file (the default) or a PostgreSQL server. */
export type DatabaseTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize: number };

export const DEFAULT_POOL_SIZE = 10;

/**
 * Reads `DATABASE_URL`: unset, empty or `sqlite:` is `{dataDir}/portal.db`; `sqlite:PATH` is that
 * file (`sqlite::memory:` for tests); `postgres://` or `postgresql://` is a PostgreSQL server.
 * Which URLs are valid is decided once, by databaseUrlKind, for this and the configuration.
 */
export function parseDatabaseUrl(
  url: string | undefined,
  dataDir: string,
  poolSize = DEFAULT_POOL_SIZE,
): DatabaseTarget {
  const raw = (url ?? '').trim();
  if (raw === '' || raw === 'sqlite:' || raw === 'sqlite://') {
    return { kind: 'sqlite', file: join(resolve(dataDir), 'portal.db') };
  }
  const kind = databaseUrlKind(raw);
  if (kind === 'sqlite') {
    const path = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    return { kind: 'sqlite', file: path === ':memory:' ? path : resolve(path) };
  }
  if (kind === 'postgres') return { kind: 'postgres', url: raw, poolSize };
  throw new DatabaseError(
    'DATABASE_URL must start with sqlite: (a file, the default) or postgres:// (a PostgreSQL server)',
  );
}

/** The URL without its password, for messages and logs. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return `SQLite ${target.file}`;
  try {
    const url = new URL(target.url);
    if (url.password) url.password = '***';
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return 'PostgreSQL (unparsable URL)';
  }
}

/** True when the database behind `db` is PostgreSQL (for the few dialect differences). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table types
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Whether an error is SQLite saying another connection holds the lock. */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/**
 * Whether an error is the database refusing a second row with the same key: SQLite's
 * `SQLITE_CONSTRAINT_PRIMARYKEY`/`_UNIQUE`, PostgreSQL's `23505` (unique_violation). Two writers
 * that both checked "not there yet" meet here; the caller answers 409, never 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (code === '23505' ||
      code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
      code === 'SQLITE_CONSTRAINT_UNIQUE')
  );
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
  return sqliteKysely(sqlite);
}

/**
 * Kysely's SQLite driver, except that it does not roll back a transaction SQLite has already
 * ended. On some failures (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM, a failed COMMIT) SQLite
 * rolls the whole transaction back itself; Kysely's ROLLBACK then fails with "cannot rollback -
 * no transaction is active" and is thrown in place of the error that says what happened.
 */
class PortalSqliteDriver extends SqliteDriver {
  readonly #sqlite: SQLite.Database;
  constructor(sqlite: SQLite.Database) {
    super({ database: keptStatements(sqlite) });
    this.#sqlite = sqlite;
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#sqlite.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

class PortalSqliteDialect extends SqliteDialect {
  readonly #sqlite: SQLite.Database;
  constructor(sqlite: SQLite.Database) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
  }
  override createDriver(): Driver {
    return new PortalSqliteDriver(this.#sqlite);
  }
}

/** Prepared statements kept per SQL text; past this many, the least recently used goes. */
export const MAX_PREPARED_STATEMENTS = 256;

/**
 * The database as Kysely's driver sees it, with each SQL text prepared once and its statement used
 * again (decision 0043). Kysely's driver prepares every query anew: 14% of the server's busy time
 * under the signed-in pages' load went to compiling the same few texts. Kysely runs one query at a
 * time on this one connection (a stream holds it to the end), so a kept statement is never in use
 * when it is asked for again; SQLite prepares a kept statement again by itself after a schema
 * change.
 */
export function keptStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (sql: string): SQLite.Statement => {
    let statement = statements.get(sql);
    if (statement) {
      // Most recently used last: a Map keeps insertion order.
      statements.delete(sql);
    } else {
      statement = sqlite.prepare(sql);
      if (statements.size >= MAX_PREPARED_STATEMENTS) {
        statements.delete(statements.keys().next().value as string);
      }
    }
    statements.set(sql, statement);
    return statement;
  };
  return { prepare, close: () => sqlite.close() };
}

/** Kysely over an open better-sqlite3 database, with the portal's driver (see above). */
export function sqliteKysely(sqlite: SQLite.Database): Db {
  return new Kysely<Database>({ dialect: new PortalSqliteDialect(sqlite) });
}

// int8 (bigint columns, count(*)) as numbers, as on SQLite: every value the portal keeps there
// (epoch milliseconds, counts) is far below 2^53. Set per pool, not on the global `pg.types`.
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A `pg` pool with the portal's settings (bounded, int8 as numbers). */
export function createPostgresPool(url: string, poolSize = DEFAULT_POOL_SIZE): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types,
  });
  // An idle client whose server went away emits 'error' on the pool; without a listener that
  // would crash the process. The next query gets a fresh connection (or fails with 503).
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Opens the database `target` names. For PostgreSQL a first query checks the server answers, so
 * that a wrong URL or a stopped server ends the start-up with one clear DatabaseError.
 */
export async function connectDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.kind === 'sqlite') return openDatabase(target.file);
  const pool = createPostgresPool(target.url, target.poolSize);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseError(
      `Cannot reach the database ${describeTarget(target)}: ${(error as Error).message || String(error)}. ` +
        'Check DATABASE_URL and that the PostgreSQL server is running (docs/deploy.md).',
      { cause: error },
    );
  }
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);

/**
 * True when `error` says the database cannot be reached right now (server down, restarting,
 * connection lost or pool time-out), rather than that a query is wrong: the request gets 503 and
 * may be retried; the pool reconnects by itself when the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    // PostgreSQL: connection exceptions (08…), shutting down / cannot connect now (57P0…).
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message,
  );
}

/** Another process already uses this DATA_DIR (SQLite only: see lockDataDirFor). */
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

/**
 * Takes the data folder when the database is the SQLite file under DATA_DIR (one process per
 * SQLite database). On PostgreSQL several instances are the point, and a SQLite file elsewhere
 * (`DATABASE_URL=sqlite:PATH`, `:memory:`) does not live in DATA_DIR: no lock, `release` does
 * nothing.
 */
export function lockDataDirFor(target: DatabaseTarget, dataDir: string): { release(): void } {
  if (target.kind !== 'sqlite' || target.file === ':memory:') return { release() {} };
  if (dirname(target.file) !== resolve(dataDir)) return { release() {} };
  return lockDataDir(dataDir);
}

import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPostgresPool, openDatabase, type Db } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import type { Database } from '../schema.js';

/** The databases the integration tests run on (docs/deploy.md, "Tests on both"). */
export const DIALECTS = ['sqlite', 'postgres'] as const;
export type Dialect = (typeof DIALECTS)[number];

/** The server the PostgreSQL tests use; CI here runs one on 127.0.0.1:5432 with trust auth. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const HOW_TO_START =
  'The PostgreSQL tests need a server: start it (e.g. `sudo service postgresql start`, or ' +
  '`docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16`) or point ' +
  'TEST_POSTGRES_URL at one (a user that may create databases).';

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    connectionTimeoutMillis: 5000,
  });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_POSTGRES_URL} (${(error as Error).message}). ${HOW_TO_START}`,
      { cause: error },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface PostgresTestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database with a random name; `drop()` removes it. */
export async function createPostgresDatabase(
  prefix = 'portal_test',
): Promise<PostgresTestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database "${name}"`));
  return {
    name,
    url: withDatabase(TEST_POSTGRES_URL, name),
    drop: () =>
      admin((client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  };
}

/**
 * The dialect the test files of this vitest project run on: `TEST_DATABASE=postgres` (the
 * `node-postgres` project) or SQLite.
 */
export function currentDialect(): Dialect {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

// One database per test file, created on first use and dropped when the file ends (see
// postgres-setup.ts); each test gets a schema of its own in it, so tests never see each other's
// rows. Migrating a schema takes 85 statements (a third of a second on a busy machine): a schema
// whose test closed its database is emptied and handed to the next test instead.
let fileDatabase: Promise<PostgresTestDatabase> | undefined;
/** Migrated schemas of `fileDatabase` that no open database uses. */
let freeSchemas: string[] = [];
/** The shape of a freshly migrated schema (shapeOf). */
let migratedShape: string | undefined;
/** The migrator's own tables: their rows say the schema is migrated, and are kept. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * The database the file that just ended created, if any, forgotten here: the files of a worker
 * share this module (vitest's `isolate: false`), and the next one makes a database of its own.
 */
export function takeFileDatabase(): Promise<PostgresTestDatabase> | undefined {
  const database = fileDatabase;
  fileDatabase = undefined;
  freeSchemas = [];
  return database;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * What a schema holds besides rows: its tables' columns, its indexes and the migrations it
 * records. A free schema whose shape a test changed (a column dropped, a migration's row
 * deleted) is not reused.
 */
async function shapeOf(client: pg.Client, schema: string): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(
    `select concat_ws(' | ',
       (select string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by 1)
          from information_schema.columns where table_schema = $1),
       (select string_agg(indexname, ',' order by 1) from pg_indexes where schemaname = $1),
       (select string_agg(name, ',' order by name) from ${pgIdent(schema)}.kysely_migration)
     ) as shape`,
    [schema],
  );
  return rows[0]?.shape ?? '';
}

function pgIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Empties a free schema of its rows (the migrator's kept); false when it cannot be reused. */
async function emptied(url: string, schema: string): Promise<boolean> {
  return withClient(url, async (client) => {
    if ((await shapeOf(client, schema)) !== migratedShape) return false;
    // DELETE, not TRUNCATE: on tables of a few rows it is cheaper (TRUNCATE makes new files for
    // every table and index). The sequences start again.
    const { rows } = await client.query<{ tablename: string }>(
      'select tablename from pg_tables where schemaname = $1',
      [schema],
    );
    const tables = rows.map((row) => row.tablename).filter((table) => !MIGRATOR_TABLES.has(table));
    const sequences = await client.query<{ name: string }>(
      'select sequence_name as name from information_schema.sequences where sequence_schema = $1',
      [schema],
    );
    // Without foreign key triggers for the moment (a superuser's right, as TEST_POSTGRES_URL's
    // user is here): a user that may not gets a new schema instead.
    await client.query(
      [
        'set session_replication_role = replica',
        ...tables.map((table) => `delete from ${pgIdent(schema)}.${pgIdent(table)}`),
        ...sequences.rows.map(
          ({ name }) => `alter sequence ${pgIdent(schema)}.${pgIdent(name)} restart`,
        ),
        'set session_replication_role = default',
      ].join(';\n'),
    );
    return true;
  });
}

async function openPostgresSchema(): Promise<{
  db: Db;
  fresh: boolean;
  schema: string;
  url: string;
}> {
  fileDatabase ??= createPostgresDatabase();
  const database = await fileDatabase;
  let schema: string | undefined;
  while ((schema = freeSchemas.pop()) !== undefined) {
    if (await emptied(database.url, schema).catch(() => false)) break;
  }
  const fresh = schema === undefined;
  if (schema === undefined) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const name = schema;
    await withClient(database.url, (client) => client.query(`create schema "${name}"`));
  }
  const url = new URL(database.url);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const pool = createPostgresPool(url.toString(), 4);
  // Closing the test's database frees its schema for the next test of this file.
  const end = pool.end.bind(pool);
  const owner = database;
  const freed = schema;
  pool.end = async () => {
    await end();
    if (fileDatabase && (await fileDatabase) === owner) freeSchemas.push(freed);
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, fresh, schema, url: database.url };
}

/**
 * A migrated, empty database for one test on `dialect` (by default the project's): SQLite in
 * memory, or a schema of its own in this file's PostgreSQL database (new, or emptied after an
 * earlier test closed it). Close it with `db.destroy()`.
 */
export async function openTestDatabase(dialect: Dialect = currentDialect()): Promise<Db> {
  if (dialect !== 'postgres') {
    const db = openDatabase(':memory:');
    await migrateToLatest(db);
    return db;
  }
  const { db, fresh, schema, url } = await openPostgresSchema();
  // A reused schema is migrated already: the migrator finds nothing to do.
  await migrateToLatest(db);
  if (fresh) migratedShape ??= await withClient(url, (client) => shapeOf(client, schema));
  return db;
}

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
// postgres-setup.ts); each test gets its own schema in it, so tests never see each other's rows.
let fileDatabase: Promise<PostgresTestDatabase> | undefined;

export function fileDatabaseCreated(): Promise<PostgresTestDatabase> | undefined {
  return fileDatabase;
}

async function openPostgresSchema(): Promise<Db> {
  fileDatabase ??= createPostgresDatabase();
  const database = await fileDatabase;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const setup = new pg.Client({ connectionString: database.url });
  await setup.connect();
  try {
    await setup.query(`create schema "${schema}"`);
  } finally {
    await setup.end();
  }
  const url = new URL(database.url);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const pool = createPostgresPool(url.toString(), 4);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * A migrated, empty database for one test on `dialect` (by default the project's): SQLite in
 * memory, or a fresh schema in this file's PostgreSQL database. Close it with `db.destroy()`.
 */
export async function openTestDatabase(dialect: Dialect = currentDialect()): Promise<Db> {
  const db = dialect === 'postgres' ? await openPostgresSchema() : openDatabase(':memory:');
  await migrateToLatest(db);
  return db;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { appRow } from '../test-support/test-app.js';
import { createPostgresPool, openDatabase, sqliteKysely, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { createPostgresDatabase } from './test-support/test-database.js';
import { probeWrites, writeFailureReason, WriteProbeError } from './write-probe.js';
import type { Database } from './schema.js';

// Readiness (docs/operations.md): a database that answers reads but refuses writes (read-only file or
// server, full disk) is reported, and a failed transaction's error names the cause.

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'write-probe-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'portal.db');
}

/** A migrated SQLite database that has no room left: every new page is refused (SQLITE_FULL). */
async function fullSqlite(): Promise<{ db: Db; sqlite: SQLite.Database }> {
  const sqlite = new SQLite(tempFile());
  sqlite.pragma('journal_mode = WAL');
  const db = sqliteKysely(sqlite);
  cleanups.push(() => db.destroy());
  await migrateToLatest(db);
  await sql`create table filler (v text)`.execute(db);
  const pages = sqlite.pragma('page_count', { simple: true }) as number;
  sqlite.pragma(`max_page_count = ${pages}`);
  return { db, sqlite };
}

async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('a transaction on a full SQLite database', () => {
  it('fails with SQLITE_FULL, not "cannot rollback - no transaction is active"', async () => {
    const { db, sqlite } = await fullSqlite();
    const error = await caught(() =>
      db.transaction().execute(async (trx) => {
        await sql`insert into "writeProbe" ("id", "checkedAt") values (1, 1)`.execute(trx);
        await sql`insert into filler values (${'x'.repeat(200_000)})`.execute(trx);
      }),
    );
    expect(error).toMatchObject({ code: 'SQLITE_FULL' });
    expect(String(error)).not.toMatch(/cannot rollback/);
    // SQLite rolled it back by itself: nothing of it is left, and the connection works.
    expect(sqlite.inTransaction).toBe(false);
    expect((await sql`select count(*) as n from "writeProbe"`.execute(db)).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('gives a repository write its real cause too', async () => {
    const { db } = await fullSqlite();
    const apps = createAppsRepository(db);
    const big = appRow({ id: 'big' });
    big.row.description = 'x'.repeat(200_000);
    const error = await caught(() => apps.upsertApps([big], new Date().toISOString()));
    expect(error).toMatchObject({ code: 'SQLITE_FULL' });
  });

  it('still rolls back a transaction SQLite did not end itself', async () => {
    const { db } = await fullSqlite();
    const error = await caught(() =>
      db.transaction().execute(async (trx) => {
        await sql`insert into "writeProbe" ("id", "checkedAt") values (1, 1)`.execute(trx);
        throw new Error('changed my mind');
      }),
    );
    expect(error).toMatchObject({ message: 'changed my mind' });
    expect((await sql`select count(*) as n from "writeProbe"`.execute(db)).rows).toEqual([
      { n: 0 },
    ]);
  });
});

describe('probeWrites', () => {
  it('passes on a writable database, with one row however often it runs', async () => {
    const db = openDatabase(':memory:');
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    await probeWrites(db, 1);
    await probeWrites(db, 2);
    expect((await sql`select * from "writeProbe"`.execute(db)).rows).toEqual([
      { id: 1, checkedAt: 2 },
    ]);
  });

  it('says read-only for a SQLite file opened read-only (a read-only volume or file)', async () => {
    const file = tempFile();
    const writer = openDatabase(file);
    await migrateToLatest(writer);
    await writer.destroy();
    const db = sqliteKysely(new SQLite(file, { readonly: true }));
    cleanups.push(() => db.destroy());
    await sql`select 1`.execute(db);
    const error = await caught(() => probeWrites(db, 1));
    expect(error).toBeInstanceOf(WriteProbeError);
    expect(error).toMatchObject({ reason: 'read-only', code: 'SQLITE_READONLY' });
  });

  it('says read-only for a SQLite connection in query_only mode', async () => {
    const db = openDatabase(':memory:');
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    await sql`pragma query_only = on`.execute(db);
    expect(await caught(() => probeWrites(db, 1))).toMatchObject({ reason: 'read-only' });
  });

  it('says read-only for a PostgreSQL database in read-only mode (25006), and names the cause in a failed transaction', async () => {
    const database = await createPostgresDatabase('portal_probe');
    cleanups.push(() => database.drop());
    const setup = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: createPostgresPool(database.url, 1) }),
    });
    await migrateToLatest(setup);
    await sql`alter database ${sql.id(database.name)} set default_transaction_read_only = on`.execute(
      setup,
    );
    await setup.destroy();
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: createPostgresPool(database.url, 2) }),
    });
    cleanups.push(() => db.destroy());
    await sql`select 1`.execute(db);
    expect(await caught(() => probeWrites(db, 1))).toMatchObject({
      reason: 'read-only',
      code: '25006',
    });
    const apps = createAppsRepository(db);
    const error = await caught(() =>
      apps.upsertApps([appRow({ id: 'a' })], new Date().toISOString()),
    );
    expect(error).toMatchObject({ code: '25006' });
  });

  it('is safe with several instances on one PostgreSQL database', async () => {
    const database = await createPostgresDatabase('portal_probe');
    cleanups.push(() => database.drop());
    const instances = [1, 2, 3].map(
      () =>
        new Kysely<Database>({
          dialect: new PostgresDialect({ pool: createPostgresPool(database.url, 3) }),
        }),
    );
    cleanups.push(() => Promise.all(instances.map((db) => db.destroy())).then(() => undefined));
    await migrateToLatest(instances[0] as Db);
    await Promise.all(
      instances.flatMap((db, n) =>
        Array.from({ length: 10 }, (_, i) => probeWrites(db, n * 10 + i)),
      ),
    );
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      expect((await client.query('select count(*)::int as n from "writeProbe"')).rows).toEqual([
        { n: 1 },
      ]);
    } finally {
      await client.end();
    }
  });
});

describe('writeFailureReason', () => {
  it.each([
    ['SQLITE_READONLY', 'read-only'],
    ['SQLITE_READONLY_DBMOVED', 'read-only'],
    ['SQLITE_CANTOPEN', 'read-only'],
    ['SQLITE_FULL', 'disk-full'],
    ['SQLITE_BUSY', 'busy'],
    ['SQLITE_IOERR_WRITE', 'failed'],
    ['25006', 'read-only'],
    ['53100', 'disk-full'],
    ['53300', 'unavailable'],
    ['57P01', 'unavailable'],
    ['08006', 'unavailable'],
    ['ECONNREFUSED', 'unavailable'],
    ['23505', 'failed'],
  ])('%s is %s', (code, reason) => {
    expect(writeFailureReason(Object.assign(new Error('x'), { code }))).toBe(reason);
  });

  it('an error without a code is "failed"', () => {
    expect(writeFailureReason(new Error('x'))).toBe('failed');
    expect(writeFailureReason(null)).toBe('failed');
  });
});

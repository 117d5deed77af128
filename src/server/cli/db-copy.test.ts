import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { connectDatabase, openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createPostgresDatabase } from '../db/test-support/test-database.js';
import { appRow } from '../test-support/test-app.js';
import { COPIED_TABLES, runDbCopy } from './db-copy.js';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);

async function seed(db: Db): Promise<void> {
  await createAppsRepository(db).upsertApps(
    [appRow({ id: 'alpha', isPublic: true }), appRow({ id: 'beta', groups: ['/staff', '/lab'] })],
    '2026-01-01T00:00:00.000Z',
  );
  const now = '2026-01-02T00:00:00.000Z';
  await db
    .insertInto('logos')
    .values({ appId: 'alpha', contentType: 'image/png', bytes: LOGO, sha256: 'abc', updated: now })
    .execute();
  await db
    .insertInto('kcUsers')
    .values({
      id: 'u1',
      subject: 'sub-1',
      name: 'Ada',
      email: 'ada@example.edu',
      givenName: 'Ada',
      roles: '[]',
      username: 'ada',
      groups: '["/staff"]',
      created: now,
      updated: now,
    })
    .execute();
  await db.insertInto('favorites').values({ userId: 'u1', appId: 'beta', created: now }).execute();
  for (const action of ['create', 'update']) {
    await db
      .insertInto('audit')
      .values({
        at: now,
        actorSubject: 'sub-1',
        actorUsername: 'ada',
        action,
        appId: 'alpha',
        before: null,
        after: '{}',
      })
      .execute();
  }
  await db
    .insertInto('sessions')
    .values({
      id: 's1',
      subject: 'sub-1',
      principal: '{}',
      tokens: 'x',
      accessTokenExpiresAt: 1_790_000_000_000,
      createdAt: 1_780_000_000_000,
      expiresAt: 1_800_000_000_000,
    })
    .execute();
  await db.insertInto('settings').values({ key: 'catalogFileHash', value: 'h' }).execute();
  await db
    .insertInto('statusChanges')
    .values({
      appId: 'alpha',
      state: 'up',
      since: 1_780_000_000_000,
      until: null,
      source: 'probe',
      responseMs: 12,
    })
    .execute();
  await db
    .insertInto('portalNotices')
    .values({
      id: 'n1',
      title: 'Maintenance',
      text: 'Mail is down tonight.',
      severity: 'warning',
      startsAt: now,
      endsAt: '2026-01-03T00:00:00.000Z',
      appIds: '["alpha"]',
      version: 1,
      created: now,
      createdBySubject: 'sub-1',
      createdByUsername: 'ada',
      updated: now,
      updatedBySubject: 'sub-1',
      updatedByUsername: 'ada',
    })
    .execute();
}

async function dump(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const table of COPIED_TABLES) {
    out[table] = (await db.selectFrom(table).selectAll().execute())
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return out;
}

function sqliteFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'db-copy-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'portal.db');
}

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDbCopy(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run db:copy', () => {
  it('copies a SQLite portal into an empty PostgreSQL database, and back again', async () => {
    const file = sqliteFile();
    const source = openDatabase(file);
    await migrateToLatest(source);
    await seed(source);
    const expected = await dump(source);
    await source.destroy();

    const pgDatabase = await createPostgresDatabase('portal_copy');
    cleanups.push(() => pgDatabase.drop());
    const copy = await run('--from', `sqlite:${file}`, '--to', pgDatabase.url);
    expect(copy.err).toBe('');
    expect(copy.code).toBe(0);
    expect(copy.out).toMatch(/logos +1/);

    const pg = await connectDatabase({ kind: 'postgres', url: pgDatabase.url, poolSize: 2 });
    cleanups.push(() => pg.destroy());
    expect(await dump(pg)).toEqual(expected);
    const logo = await pg.selectFrom('logos').select('bytes').executeTakeFirstOrThrow();
    expect(Buffer.compare(logo.bytes, LOGO)).toBe(0);
    // New audit entries continue after the copied ones.
    const { id } = await pg
      .insertInto('audit')
      .values({
        at: 'now',
        actorSubject: 's',
        actorUsername: 'u',
        action: 'delete',
        appId: null,
        before: null,
        after: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(3);

    // A second copy into the (now non-empty) target is refused and changes nothing.
    const again = await run('--from', `sqlite:${file}`, '--to', pgDatabase.url);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/target database is not empty \(apps has 2 rows\)/);
    expect(await pg.selectFrom('apps').select('id').execute()).toHaveLength(2);

    // And back: PostgreSQL into a new SQLite file.
    const back = sqliteFile();
    expect((await run('--from', pgDatabase.url, '--to', `sqlite:${back}`)).code).toBe(0);
    const copiedBack = openDatabase(back);
    cleanups.push(() => copiedBack.destroy());
    const roundTrip = await dump(copiedBack);
    expect({ ...roundTrip, audit: roundTrip.audit?.slice(0, 2) }).toEqual(expected);
  });

  it('explains its usage, and refuses an unreachable target without a stack trace', async () => {
    expect((await run('--from', 'sqlite:x.db')).code).toBe(2);
    const result = await run(
      '--from',
      `sqlite:${sqliteFile()}`,
      '--to',
      'postgres://p:s3cret@127.0.0.1:1/x',
    );
    expect(result.code).toBe(1);
    expect(result.err).toContain('Cannot reach the database');
    expect(result.err).not.toContain('s3cret');
  });
});

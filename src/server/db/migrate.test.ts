import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, BUSY_TIMEOUT_MS } from './database.js';
import { MigrationError, migrateToLatest } from './migrate.js';

describe('migrateToLatest', () => {
  it('creates the schema once; a second run does nothing', async () => {
    const db = openDatabase(':memory:');
    try {
      expect(await migrateToLatest(db)).toContain('0001-initial');
      expect(await migrateToLatest(db)).toEqual([]);
      const tables = await db.introspection.getTables();
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(['appGroups', 'apps', 'favorites', 'kcUsers']),
      );
    } finally {
      await db.destroy();
    }
  });

  it('says which migration failed and why', async () => {
    const db = openDatabase(':memory:');
    const broken: Record<string, Migration> = {
      '0001-ok': {
        up: async (d) => void (await d.schema.createTable('t').addColumn('a', 'text').execute()),
      },
      '0002-broken': { up: async (d) => void (await sql`create table t (a text)`.execute(d)) },
    };
    try {
      const error = await migrateToLatest(db, { getMigrations: async () => broken }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toMatch(
        /^Database migration "0002-broken" failed: .*table t already exists/,
      );
    } finally {
      await db.destroy();
    }
  });

  it('opens file databases in WAL mode with foreign keys and a busy timeout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-'));
    const db = openDatabase(join(dir, 'nested', 'portal.db'));
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      // Short: the driver blocks the event loop while it waits (docs/operations.md).
      expect(await pragma('busy_timeout')).toBe(BUSY_TIMEOUT_MS);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('enforces the favorites relation: no duplicates, no dangling rows', async () => {
    const db = openDatabase(':memory:');
    try {
      await migrateToLatest(db);
      const now = new Date().toISOString();
      await db
        .insertInto('apps')
        .values({
          id: 'a',
          name: 'A',
          description: '',
          image: '',
          doc: '',
          github: '',
          env: 'prod',
          category: 'apps',
          link: '',
          isPublic: 1,
          collectionId: 'apps',
          created: now,
          updated: now,
        })
        .execute();
      await db
        .insertInto('kcUsers')
        .values({
          id: 'u',
          subject: 's',
          name: '',
          username: '',
          email: '',
          givenName: '',
          groups: '[]',
          roles: '[]',
          created: now,
          updated: now,
        })
        .execute();
      await db.insertInto('favorites').values({ userId: 'u', appId: 'a', created: now }).execute();
      await expect(
        db.insertInto('favorites').values({ userId: 'u', appId: 'a', created: now }).execute(),
      ).rejects.toThrow(/UNIQUE/);
      await expect(
        db.insertInto('favorites').values({ userId: 'u', appId: 'zz', created: now }).execute(),
      ).rejects.toThrow(/FOREIGN KEY/);
      await expect(
        db
          .insertInto('apps')
          .values({
            id: 'b',
            name: 'B',
            description: '',
            image: '',
            doc: '',
            github: '',
            env: 'qa' as 'dev',
            category: '',
            link: '',
            isPublic: 0,
            collectionId: 'apps',
            created: now,
            updated: now,
          })
          .execute(),
      ).rejects.toThrow(/CHECK/);
      await db.deleteFrom('apps').where('id', '=', 'a').execute();
      expect(await db.selectFrom('favorites').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

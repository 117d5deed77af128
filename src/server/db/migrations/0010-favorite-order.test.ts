import { Kysely, PostgresDialect, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPostgresPool, openDatabase, type Db } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import type { Database } from '../schema.js';
import { createPostgresDatabase, DIALECTS, type Dialect } from '../test-support/test-database.js';
import * as initial from './0001-initial.js';
import * as sessions from './0002-sessions.js';
import * as admin from './0003-admin.js';
import * as statusHistory from './0004-status-history.js';
import * as portalNotices from './0005-portal-notices.js';
import * as monitorShared from './0006-monitor-shared.js';
import * as rateLimits from './0007-rate-limits.js';
import * as writeProbe from './0008-write-probe.js';
import * as appsUpdatedIndex from './0009-apps-updated-index.js';

/** The migrations before this one: the schema a portal had until now. */
const BEFORE: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-sessions': sessions,
  '0003-admin': admin,
  '0004-status-history': statusHistory,
  '0005-portal-notices': portalNotices,
  '0006-monitor-shared': monitorShared,
  '0007-rate-limits': rateLimits,
  '0008-write-probe': writeProbe,
  '0009-apps-updated-index': appsUpdatedIndex,
};

async function withDatabase(dialect: Dialect, work: (db: Db) => Promise<void>): Promise<void> {
  if (dialect === 'sqlite') {
    const db = openDatabase(':memory:');
    try {
      await work(db);
    } finally {
      await db.destroy();
    }
    return;
  }
  const database = await createPostgresDatabase('portal_migration');
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: createPostgresPool(database.url, 2) }),
  });
  try {
    await work(db);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

const app = (id: string, now: string) => ({
  id,
  name: id,
  description: '',
  image: '',
  doc: '',
  github: '',
  env: 'prod' as const,
  category: 'apps',
  link: '',
  isPublic: 1,
  collectionId: 'apps',
  created: now,
  updated: now,
});

const user = (id: string, now: string) => ({
  id,
  subject: id,
  name: '',
  username: '',
  email: '',
  givenName: '',
  groups: '[]',
  roles: '[]',
  created: now,
  updated: now,
});

describe('migration 0010-favorite-order', () => {
  // Both here (not only in the node-postgres project): db/ tests run on SQLite otherwise.
  it.each(DIALECTS)(
    'gives existing favorites their listed order, oldest first, on %s',
    async (dialect) => {
      await withDatabase(dialect, async (db) => {
        await migrateToLatest(db, { getMigrations: async () => BEFORE });
        const t = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
        await db
          .insertInto('apps')
          .values(['a', 'b', 'c', 'd'].map((id) => app(id, t(0))))
          .execute();
        await db
          .insertInto('kcUsers')
          .values([user('u1', t(0)), user('u2', t(0))])
          .execute();
        // Without the column yet: inserted as the old code did.
        const favorites = [
          { userId: 'u1', appId: 'c', created: t(1) },
          { userId: 'u1', appId: 'a', created: t(3) },
          { userId: 'u1', appId: 'd', created: t(2) },
          { userId: 'u1', appId: 'b', created: t(2) },
          { userId: 'u2', appId: 'a', created: t(5) },
          { userId: 'u2', appId: 'b', created: t(4) },
        ];
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table before 0010
        await (db as Kysely<any>).insertInto('favorites').values(favorites).execute();

        expect(await migrateToLatest(db)).toContain('0010-favorite-order');
        const order = async (userId: string) =>
          (
            await db
              .selectFrom('favorites')
              .select(['appId', 'position'])
              .where('userId', '=', userId)
              .orderBy('position')
              .execute()
          ).map((row) => `${row.appId}${row.position}`);
        expect(await order('u1')).toEqual(['c0', 'b1', 'd2', 'a3']);
        expect(await order('u2')).toEqual(['b0', 'a1']);
      });
    },
  );
});

import { sql } from 'kysely';
import { normalizeGroup } from '../../shared/identity/groups.js';
import { isPostgres, type Db } from '../db/database.js';
import { attachGroups, type AppRecord } from '../catalog/apps.queries.js';
import type { NewAppRow } from '../catalog/apps.table.js';
import type { Trx } from '../audit/unit-of-work.js';
import type { LogoRow } from './admin.tables.js';

/** The fields an audit entry records of an app (its editable fields and its logo file name). */
export type AppSnapshot = Record<string, unknown>;

export type NewLogo = Omit<LogoRow, 'appId' | 'updated'>;

/** Ids per query when reading many apps at once (well under both databases' parameter limits). */
const IDS_PER_QUERY = 500;

function chunks<T>(list: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < list.length; start += size) {
    result.push(list.slice(start, start + size));
  }
  return result;
}

/**
 * A time for a write that is later than every `updated` already stored, so the catalog
 * fingerprint (apps.repository.ts catalogVersion) changes on every write, even within one
 * millisecond.
 */
export async function nextStamp(trx: Trx | Db, now: string): Promise<string> {
  const { latest } = await trx
    .selectFrom('apps')
    .select((eb) => eb.fn.max('updated').as('latest'))
    .executeTakeFirstOrThrow();
  if (latest && latest >= now) return new Date(new Date(latest).getTime() + 1).toISOString();
  return now;
}

async function replaceGroups(trx: Trx, appId: string, groups: string[]): Promise<void> {
  await trx.deleteFrom('appGroups').where('appId', '=', appId).execute();
  const names = [...new Set(groups.map(normalizeGroup).filter((name) => name !== ''))];
  if (names.length > 0) {
    await trx
      .insertInto('appGroups')
      .values(names.map((groupName) => ({ appId, groupName })))
      .execute();
  }
}

/** Data access of the admin API: every app (trash included), logos, the audit log. */
export function createAdminRepository(db: Db) {
  async function findApp(q: Trx | Db, id: string): Promise<AppRecord | undefined> {
    const row = await q.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const [record] = await attachGroups(q as Db, [row]);
    return record;
  }

  return {
    db,
    findApp: (id: string, q: Trx | Db = db) => findApp(q, id),

    /**
     * The app, read to be changed in `trx`: on PostgreSQL its row is locked until the transaction
     * ends, so concurrent edits of one version wait and then see the new version (409) instead of
     * all passing the version check. SQLite has one writer at a time already.
     */
    async findAppForUpdate(trx: Trx, id: string): Promise<AppRecord | undefined> {
      if (isPostgres(trx)) {
        await trx.selectFrom('apps').select('id').where('id', '=', id).forUpdate().execute();
      }
      return findApp(trx, id);
    },

    /** The apps of these ids (trash included) with their groups, by id: a few queries for many. */
    async findAppsByIds(ids: string[], q: Trx | Db = db): Promise<Map<string, AppRecord>> {
      const found = new Map<string, AppRecord>();
      for (const chunk of chunks(ids, IDS_PER_QUERY)) {
        const rows = await q.selectFrom('apps').selectAll().where('id', 'in', chunk).execute();
        for (const record of await attachGroups(q as Db, rows)) found.set(record.id, record);
      }
      return found;
    },

    /** The SHA-256 of the logos of these apps, by app id (apps without a logo are absent). */
    async logoHashes(ids: string[], q: Trx | Db = db): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (const chunk of chunks(ids, IDS_PER_QUERY)) {
        const rows = await q
          .selectFrom('logos')
          .select(['appId', 'sha256'])
          .where('appId', 'in', chunk)
          .execute();
        for (const row of rows) found.set(row.appId, row.sha256);
      }
      return found;
    },

    /** The catalog (deleted = false) or the trash (deleted = true), in listing order. */
    async list(deleted: boolean, q: Trx | Db = db): Promise<AppRecord[]> {
      const rows = await q
        .selectFrom('apps')
        .selectAll()
        .where('deletedAt', deleted ? 'is not' : 'is', null)
        .orderBy((eb) => eb.fn('lower', ['category']))
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute();
      return attachGroups(q as Db, rows);
    },

    async insertApp(
      trx: Trx,
      row: Omit<NewAppRow, 'created' | 'updated'>,
      groups: string[],
      now: string,
    ): Promise<void> {
      await trx
        .insertInto('apps')
        .values({ ...row, created: now, updated: now })
        .execute();
      await replaceGroups(trx, row.id, groups);
    },

    /** Changes the given columns, bumps the version; groups are replaced when given. */
    async updateApp(
      trx: Trx,
      id: string,
      changes: Partial<Omit<NewAppRow, 'id' | 'created' | 'version'>>,
      groups: string[] | undefined,
      now: string,
    ): Promise<void> {
      await trx
        .updateTable('apps')
        .set({ ...changes, updated: now, version: sql<number>`version + 1` })
        .where('id', '=', id)
        .execute();
      if (groups) await replaceGroups(trx, id, groups);
    },

    async purgeApp(trx: Trx, id: string): Promise<void> {
      // Groups, favorites and the logo go with it (foreign keys, on delete cascade).
      await trx.deleteFrom('apps').where('id', '=', id).execute();
    },

    /** Trashed apps deleted before `cutoff` (ISO 8601). */
    async expiredTrash(cutoff: string, q: Trx | Db = db): Promise<AppRecord[]> {
      const rows = await q
        .selectFrom('apps')
        .selectAll()
        .where('deletedAt', 'is not', null)
        .where('deletedAt', '<', cutoff)
        .execute();
      return attachGroups(q as Db, rows);
    },

    async findLogo(appId: string, q: Trx | Db = db): Promise<LogoRow | undefined> {
      return q.selectFrom('logos').selectAll().where('appId', '=', appId).executeTakeFirst();
    },

    async putLogo(trx: Trx, appId: string, logo: NewLogo, now: string): Promise<void> {
      await trx
        .insertInto('logos')
        .values({ appId, ...logo, updated: now })
        .onConflict((oc) => oc.column('appId').doUpdateSet({ ...logo, updated: now }))
        .execute();
    },

    async deleteLogo(trx: Trx, appId: string): Promise<void> {
      await trx.deleteFrom('logos').where('appId', '=', appId).execute();
    },

    /** Group names with the number of apps naming them and users belonging to them. */
    async groups(): Promise<{ name: string; apps: number; users: number }[]> {
      const counts = new Map<string, { apps: number; users: number }>();
      const entry = (name: string) => {
        let found = counts.get(name);
        if (!found) counts.set(name, (found = { apps: 0, users: 0 }));
        return found;
      };
      const appGroups = await db
        .selectFrom('appGroups')
        .innerJoin('apps', 'apps.id', 'appGroups.appId')
        .where('apps.deletedAt', 'is', null)
        .select(['appGroups.groupName', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('appGroups.groupName')
        .execute();
      for (const row of appGroups) entry(row.groupName).apps = Number(row.count);
      const users = await db.selectFrom('kcUsers').select('groups').execute();
      for (const { groups } of users) {
        let list: unknown;
        try {
          list = JSON.parse(groups);
        } catch {
          continue;
        }
        if (!Array.isArray(list)) continue;
        for (const name of new Set(list.filter((g): g is string => typeof g === 'string'))) {
          const normal = normalizeGroup(name);
          if (normal !== '') entry(normal).users += 1;
        }
      }
      return [...counts.entries()]
        .map(([name, count]) => ({ name, ...count }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async getSetting(key: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },

    async setSetting(trx: Trx | Db, key: string, value: string): Promise<void> {
      await trx
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;

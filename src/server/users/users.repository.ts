import type { Db } from '../db/database.js';
import { attachGroups, visibleTo, type AppRecord } from '../catalog/apps.queries.js';
import type { Viewer } from '../catalog/visibility.js';
import type { KcUserRow } from './users.table.js';

export interface UserFields {
  name: string;
  username: string;
  email: string;
  givenName: string;
  groups: string[];
  roles: string[];
}

export interface UserRecord extends UserFields {
  id: string;
  subject: string;
}

function fromRow(row: KcUserRow): UserRecord {
  const list = (json: string): string[] => {
    try {
      const value: unknown = JSON.parse(json);
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  };
  return {
    id: row.id,
    subject: row.subject,
    name: row.name,
    username: row.username,
    email: row.email,
    givenName: row.givenName,
    groups: list(row.groups),
    roles: list(row.roles),
  };
}

/** Favorites per insert: 4 parameters each, far under SQLite's and PostgreSQL's limits. */
const FAVORITE_BATCH = 250;

/**
 * The query for a user's favorite apps that the viewer may see, in the user's order: asked on
 * every signed-in page. Written as a cross join so that SQLite starts from the user's favorites
 * (it never reorders a CROSS JOIN). As an inner join SQLite started from the public apps and
 * looked each one up in the favorites: about 70 µs at 500 apps and growing with the catalog,
 * against 4. PostgreSQL plans both forms alike.
 */
export function favoriteAppsQuery(db: Db, userId: string, viewer: Viewer) {
  return db
    .selectFrom('favorites')
    .crossJoin('apps')
    .selectAll('apps')
    .whereRef('apps.id', '=', 'favorites.appId')
    .where('favorites.userId', '=', userId)
    .where(visibleTo(viewer))
    .orderBy('favorites.position')
    .orderBy('favorites.created')
    .orderBy('favorites.appId');
}

export function createUsersRepository(db: Db) {
  return {
    async findBySubject(subject: string): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('kcUsers')
        .selectAll()
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },

    async insert(user: UserRecord, now: string): Promise<void> {
      await db
        .insertInto('kcUsers')
        .values({
          ...user,
          groups: JSON.stringify(user.groups),
          roles: JSON.stringify(user.roles),
          created: now,
          updated: now,
        })
        .onConflict((oc) => oc.column('subject').doNothing())
        .execute();
    },

    async update(id: string, fields: UserFields, now: string): Promise<void> {
      await db
        .updateTable('kcUsers')
        .set({
          ...fields,
          groups: JSON.stringify(fields.groups),
          roles: JSON.stringify(fields.roles),
          updated: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Adds a favorite after the user's others (idempotent: a favorite keeps its place). */
    async addFavorite(userId: string, appId: string, now: string): Promise<void> {
      const last = await db
        .selectFrom('favorites')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('userId', '=', userId)
        .executeTakeFirst();
      const position = last?.position == null ? 0 : Number(last.position) + 1;
      await db
        .insertInto('favorites')
        .values({ userId, appId, created: now, position })
        .onConflict((oc) => oc.columns(['userId', 'appId']).doNothing())
        .execute();
    },

    /** Of `ids`, those of apps that exist and the viewer may see. */
    async visibleAppIds(viewer: Viewer, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('apps')
        .select('id')
        .where('id', 'in', [...ids])
        .where(visibleTo(viewer))
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** The ids of all the user's favorites, visible or not. */
    async favoriteIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('favorites')
        .select('appId')
        .where('userId', '=', userId)
        .execute();
      return rows.map((row) => row.appId);
    },

    /**
     * Makes `appIds` the user's favorites in that order, in one transaction: favorites left
     * out are removed, new ones added, kept ones keep when they were added. Favorites of apps
     * the user cannot see now (`hidden`: in the trash, or of a group they left) are not theirs
     * to change here: they stay, after the others, and show again if the app comes back.
     */
    async setFavoriteOrder(
      userId: string,
      appIds: readonly string[],
      hidden: (appId: string) => boolean,
      now: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('favorites')
          .select(['appId', 'created'])
          .where('userId', '=', userId)
          .orderBy('position')
          .orderBy('created')
          .orderBy('appId')
          .execute();
        const wanted = new Set(appIds);
        const created = new Map(existing.map((row) => [row.appId, row.created]));
        const kept = existing.filter((row) => !wanted.has(row.appId) && hidden(row.appId));
        const rows = [...appIds, ...kept.map((row) => row.appId)].map((appId, position) => ({
          userId,
          appId,
          created: created.get(appId) ?? now,
          position,
        }));
        await trx.deleteFrom('favorites').where('userId', '=', userId).execute();
        for (let at = 0; at < rows.length; at += FAVORITE_BATCH) {
          await trx
            .insertInto('favorites')
            .values(rows.slice(at, at + FAVORITE_BATCH))
            .execute();
        }
      });
    },

    async removeFavorite(userId: string, appId: string): Promise<void> {
      await db
        .deleteFrom('favorites')
        .where('userId', '=', userId)
        .where('appId', '=', appId)
        .execute();
    },

    /** The user's favorite apps that the viewer may see, in the user's order. */
    async findFavoriteApps(userId: string, viewer: Viewer): Promise<AppRecord[]> {
      return attachGroups(db, await favoriteAppsQuery(db, userId, viewer).execute());
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

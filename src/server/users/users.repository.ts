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

    async addFavorite(userId: string, appId: string, now: string): Promise<void> {
      await db
        .insertInto('favorites')
        .values({ userId, appId, created: now })
        .onConflict((oc) => oc.columns(['userId', 'appId']).doNothing())
        .execute();
    },

    async removeFavorite(userId: string, appId: string): Promise<void> {
      await db
        .deleteFrom('favorites')
        .where('userId', '=', userId)
        .where('appId', '=', appId)
        .execute();
    },

    /** The user's favorite apps that the viewer may see, oldest favorite first. */
    async findFavoriteApps(userId: string, viewer: Viewer): Promise<AppRecord[]> {
      const rows = await db
        .selectFrom('favorites')
        .innerJoin('apps', 'apps.id', 'favorites.appId')
        .selectAll('apps')
        .where('favorites.userId', '=', userId)
        .where(visibleTo(viewer))
        .orderBy('favorites.created')
        .execute();
      return attachGroups(db, rows);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

import type { ColumnType, Selectable } from 'kysely';

/** The spec's `kcUsers` collection: written only from verified identity claims. */
export interface KcUsersTable {
  id: string;
  /** The identity provider's subject (`sub`), unique. */
  subject: string;
  name: string;
  username: string;
  email: string;
  givenName: string;
  /** JSON array of group names. */
  groups: string;
  /** JSON array of realm roles. */
  roles: string;
  created: ColumnType<string, string, never>;
  updated: string;
}

/** Favorites: a relation between users and apps, at most once per pair. */
export interface FavoritesTable {
  userId: string;
  appId: string;
  /** When the favorite was added. */
  created: string;
  /** Where the user put it (0 first); favorites are listed in this order (migration 0010). */
  position: ColumnType<number, number | undefined, number>;
}

export type KcUserRow = Selectable<KcUsersTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    kcUsers: KcUsersTable;
    favorites: FavoritesTable;
  }
}

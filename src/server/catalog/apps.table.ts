import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { Environment } from '../../shared/catalog/environments.js';

/** The spec's `apps` collection. Group names live in appGroups so visibility stays in SQL. */
export interface AppsTable {
  id: string;
  name: string;
  description: string;
  /** Logo file name in file storage; empty when the app has no logo. */
  image: string;
  doc: string;
  github: string;
  env: Environment;
  category: string;
  link: string;
  /** 0 or 1: SQLite has no boolean type. */
  isPublic: number;
  collectionId: string;
  created: ColumnType<string, string, never>;
  updated: string;
}

export interface AppGroupsTable {
  appId: string;
  groupName: string;
}

export type AppRow = Selectable<AppsTable>;
export type NewAppRow = Insertable<AppsTable>;
export type AppRowUpdate = Updateable<AppsTable>;

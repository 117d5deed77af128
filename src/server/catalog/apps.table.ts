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
  /** Grows by one on every change (admin API optimistic locking). */
  version: ColumnType<number, number | undefined, number>;
  /** Username (or subject) of whoever changed the app last; `catalog-file` for the file. */
  updatedBy: ColumnType<string, string | undefined, string>;
  /** `portal` or `catalog-file` (docs/decisions/0006-catalog-file-and-console.md). */
  managedBy: ColumnType<string, string | undefined, string>;
  /** Set while the app is in the trash (docs/admin.md); null otherwise. */
  deletedAt: ColumnType<string | null, string | null | undefined, string | null>;
  deletedBy: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AppGroupsTable {
  appId: string;
  groupName: string;
}

export type AppRow = Selectable<AppsTable>;
export type NewAppRow = Insertable<AppsTable>;
export type AppRowUpdate = Updateable<AppsTable>;

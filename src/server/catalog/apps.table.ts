import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { AppField, AppFields } from '../../shared/catalog/app-fields.js';

/**
 * The fields (src/shared/catalog/app-fields.ts) stored as they are; `isPublic` and the groups are
 * stored otherwise. Each column has its field's default in the database, so an insert may leave
 * it out (and rows written before a field existed read as its default).
 */
type StoredFields = {
  [
    F in Exclude<
      AppField,
      'isPublic' | 'associatedGroups' | 'access' | 'name' | 'description' | 'id'
    >
  ]: ColumnType<AppFields[F], AppFields[F] | undefined, AppFields[F]>;
} & { id: string };

/**
 * The spec's `apps` collection: an app's fields (src/shared/catalog/app-fields.ts) plus what the
 * portal keeps of it. Group names live in appGroups so visibility stays in SQL.
 */
export interface AppsTable extends StoredFields {
  /** The name in the default language (the one text when not given per language). */
  name: string;
  description: string;
  /**
   * The texts by language tag as JSON (`{"en": "...", "de": "..."}`) when the field is given
   * per language (migration 0015); null when it is one string.
   */
  nameTexts: ColumnType<string | null, string | null | undefined, string | null>;
  descriptionTexts: ColumnType<string | null, string | null | undefined, string | null>;
  /** Logo file name; empty when the app has no logo. */
  image: string;
  /** The access settings as JSON text (docs/access-requests.md); null when none. */
  access: ColumnType<string | null, string | null | undefined, string | null>;
  /** The addresses per network as JSON text (`[{"network": ..., "url": ...}]`; migration 0017). */
  addresses: ColumnType<string, string | undefined, string>;
  /** The typed links as JSON text (`[{"kind": ..., "url": ..., "label": ...}]`). */
  links: ColumnType<string, string | undefined, string>;
  /** The terms of use as JSON text (`{"version": ..., "text"|"url": ...}`; migration 0019). */
  terms: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 or 1: SQLite has no boolean type. */
  isPublic: number;
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

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    apps: AppsTable;
    appGroups: AppGroupsTable;
  }
}

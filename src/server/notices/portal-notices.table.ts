import type { Selectable } from 'kysely';

/** Notices admins post (docs/admin.md). Times are ISO 8601 UTC text, compared as strings. */
export interface PortalNoticesTable {
  id: string;
  title: string;
  /** The text in the default language (the one text when not given per language). */
  text: string;
  /** The texts by language tag as JSON when given per language (migration 0015); else null. */
  textTexts: string | null;
  severity: string;
  startsAt: string;
  endsAt: string;
  /** JSON array of app ids. */
  appIds: string;
  version: number;
  created: string;
  createdBySubject: string;
  createdByUsername: string;
  updated: string;
  updatedBySubject: string;
  updatedByUsername: string;
}

export type PortalNoticeRow = Selectable<PortalNoticesTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    portalNotices: PortalNoticesTable;
  }
}

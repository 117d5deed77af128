import type { ColumnType, Selectable } from 'kysely';

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
  /** Who sees it, as JSON (shared/notices/notice-audience.ts; migration 0018). */
  audience: ColumnType<string, string | undefined, string>;
  /** 1: shown on top until acknowledged, never dismissed (migration 0018). */
  requireAck: ColumnType<number, number | undefined, number>;
  /** 1: mailed to its audience when published or edited (migration 0022). */
  mailAudience: ColumnType<number, number | undefined, number>;
  version: number;
  created: string;
  createdBySubject: string;
  createdByUsername: string;
  updated: string;
  updatedBySubject: string;
  updatedByUsername: string;
}

export type PortalNoticeRow = Selectable<PortalNoticesTable>;

/** A person's dismissal or acknowledgement of a notice, one row per (user, notice). */
export interface NoticeReceiptsTable {
  /** The identity provider's subject (kcUsers.subject). */
  userSubject: string;
  /** The portal notice's id (portalNotices.id), whatever its version. */
  noticeId: string;
  dismissedAt: string | null;
  acknowledgedAt: string | null;
}

export type NoticeReceiptRow = Selectable<NoticeReceiptsTable>;

/**
 * What the calendars still say of a deleted notice: its event, sent once more as cancelled under
 * the same UID with the next SEQUENCE (migration 0023).
 */
export interface NoticeCancellationsTable {
  noticeId: string;
  /** The title in the default language. */
  title: string;
  startsAt: string;
  endsAt: string;
  /** JSON array of app ids, as the notice had them. */
  appIds: string;
  /** The notice's audience, as JSON. */
  audience: string;
  /** The notice's version when deleted: one more than the SEQUENCE the feeds last sent. */
  sequence: number;
  created: string;
  cancelledAt: string;
}

export type NoticeCancellationRow = Selectable<NoticeCancellationsTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    portalNotices: PortalNoticesTable;
    noticeReceipts: NoticeReceiptsTable;
    noticeCancellations: NoticeCancellationsTable;
  }
}

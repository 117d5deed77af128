import type { Selectable } from 'kysely';

/**
 * The last state announced per app (docs/notifications.md, "Messages"): a change is announced
 * when the app's current state differs from this one and has held NOTIFY_CONFIRM_SECONDS.
 * Times are epoch milliseconds.
 */
export interface NotifyAppStatesTable {
  appId: string;
  /** up, down or maintenance (pending and unknown are never announced). */
  state: string;
  /** When the announced state began. */
  since: number;
  /** When it was recorded (announced, or seen the first time). */
  recordedAt: number;
}

/** Portal notices already announced, one row per notice version. */
export interface NotifyNoticesTable {
  noticeId: string;
  version: number;
  announcedAt: number;
}

/** A confirmed change waiting to be mailed to one person (one row per person and change). */
export interface NotifyQueueTable {
  id: string;
  userSubject: string;
  appId: string;
  /** down, up, maintenance or notice. */
  event: string;
  /** begins or ends for maintenance; '' otherwise. */
  phase: string;
  /** When the new state began, or the notice took effect (epoch ms). */
  at: number;
  /** The notice's id and title for `notice`; '' otherwise. */
  noticeId: string;
  noticeTitle: string;
  /** When the row was queued (epoch ms): the batch window runs from the oldest. */
  queuedAt: number;
}

/** One notification mail sent to a person: the digest period and the hourly limit count them. */
export interface NotifySendsTable {
  userSubject: string;
  sentAt: number;
}

/** One-click unsubscribe tokens (RFC 8058), one per mail: only the SHA-256 digest is kept. */
export interface NotifyTokensTable {
  /** SHA-256 (base64url) of the token. */
  digest: string;
  userSubject: string;
  createdAt: number;
  expiresAt: number;
  /** When it was used; null while unused. */
  usedAt: number | null;
}

export type NotifyQueueRow = Selectable<NotifyQueueTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    notifyAppStates: NotifyAppStatesTable;
    notifyNotices: NotifyNoticesTable;
    notifyQueue: NotifyQueueTable;
    notifySends: NotifySendsTable;
    notifyTokens: NotifyTokensTable;
  }
}

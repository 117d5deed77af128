import type { ColumnType, Selectable } from 'kysely';

/**
 * A signed-in person's notification settings (docs/notifications.md, "Status subscriptions"),
 * one row per person; a person without a row follows nothing and gets no message. Times are
 * ISO 8601 UTC text.
 */
export interface SubscriptionsTable {
  /** The identity provider's subject (kcUsers.subject). */
  userSubject: string;
  /** 1: every favourite app is followed too, as the favourites change. */
  allFavorites: number;
  /** JSON array of events: "down", "up", "maintenance", "notice". */
  events: string;
  /** 1: messages by e-mail to the address of the person's identity token. */
  emailChannel: number;
  /** 0: each batch as soon as confirmed; else at most one message per this many minutes. */
  digestMinutes: number;
  /** Quiet hours "HH:MM" in `timeZone`; both empty: none. */
  quietFrom: string;
  quietTo: string;
  /** IANA time zone of the quiet hours ("Europe/Berlin"); "UTC" by default. */
  timeZone: string;
  /** The language of the messages (a shipped language tag). */
  language: string;
  /** SHA-256 (base64url) of the personal calendar's secret; null: no personal calendar. */
  calendarSecretDigest: string | null;
  created: ColumnType<string, string, never>;
  updated: string;
}

/** An app a person follows, at most once per pair. */
export interface SubscriptionAppsTable {
  userSubject: string;
  appId: string;
  created: string;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    subscriptions: SubscriptionsTable;
    subscriptionApps: SubscriptionAppsTable;
  }
}

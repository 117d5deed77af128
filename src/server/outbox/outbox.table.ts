import type { ColumnType, Selectable } from 'kysely';

/** Where a message stands: waiting (or between retries), delivered, given up, or not deliverable. */
export type OutboxState = 'pending' | 'sent' | 'failed' | 'skipped';

/**
 * Messages to deliver (mail, webhook), written in the transaction of the change that causes them
 * and sent later by one instance (outbox-sender.ts). Times are epoch milliseconds.
 */
export interface OutboxTable {
  id: string;
  /** `mail` or `webhook`. */
  kind: string;
  /** The message as JSON (outbox.ts, OutboxMessage without its kind). */
  payload: string;
  state: OutboxState;
  attempts: ColumnType<number, number | undefined, number>;
  /** When a pending message is due: at once when written, later after a failed attempt. */
  nextAttemptAt: ColumnType<number, number, number>;
  /** A sender owns the message until then (a crashed sender's claim runs out); null when free. */
  claimedUntil: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why the last attempt failed, without secrets; empty when none did. */
  lastError: ColumnType<string, string | undefined, string>;
  createdAt: ColumnType<number, number, never>;
  sentAt: ColumnType<number | null, number | null | undefined, number | null>;
}

export type OutboxRow = Selectable<OutboxTable>;

/** This feature's table in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    outbox: OutboxTable;
  }
}

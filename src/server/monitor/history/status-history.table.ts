import type { Selectable } from 'kysely';
import type { HistoryState } from '../../../shared/status/history.js';

/**
 * One period during which an app kept one state: a row is written when the state changes, never
 * per cycle. `until` is null for the current state of each app. Times are epoch milliseconds.
 */
export interface StatusChangesTable {
  appId: string;
  state: HistoryState;
  since: number;
  until: number | null;
  /** The monitor source that reported the state ('' for unknown). */
  source: string;
  /** The built-in probe's response time when the state began; null for other sources. */
  responseMs: number | null;
}

export type StatusChangeRow = Selectable<StatusChangesTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../../db/schema.js' {
  interface Database {
    statusChanges: StatusChangesTable;
  }
}

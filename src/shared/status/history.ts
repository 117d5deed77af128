import { statusKind, type StatusKind } from './status-codes.js';

/** A state in the status history: a monitor status, or unknown (no source knows the app). */
export type HistoryState = StatusKind | 'unknown';

export const HISTORY_STATES: readonly HistoryState[] = [
  'up',
  'down',
  'pending',
  'maintenance',
  'unknown',
];

/** The history state of a monitor status code; undefined (no status) is unknown. */
export function historyState(code: number | undefined): HistoryState {
  return code === undefined ? 'unknown' : statusKind(code);
}

/** The ranges of GET /api/apps/{id}/uptime: their length and how many buckets split them. */
export const UPTIME_RANGES = {
  '24h': { durationMs: 24 * 3_600_000, buckets: 48 },
  '7d': { durationMs: 7 * 24 * 3_600_000, buckets: 7 * 24 },
  '30d': { durationMs: 30 * 24 * 3_600_000, buckets: 30 },
} as const;

export type UptimeRange = keyof typeof UPTIME_RANGES;

/** Changes in the last hour from which an app counts as flapping (search `status:flapping`). */
export const FLAPPING_CHANGES = 3;
export const FLAPPING_WINDOW_MS = 3_600_000;

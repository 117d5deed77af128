import type { HistoryState } from './history.js';
import { STATUS_LABELS } from './status-codes.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Short words for a state, as a sentence starts: "Down", "Up", "Pending", "In maintenance". */
export const STATE_WORDS: Record<HistoryState, string> = {
  up: 'Up',
  down: 'Down',
  pending: 'Pending',
  maintenance: 'In maintenance',
  unknown: 'Unknown',
};

export const STATE_LABELS: Record<HistoryState, string> = { ...STATUS_LABELS, unknown: 'Unknown' };

/** "12 min", "3 h", "2 h 5 min": a duration people read at a glance. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 || hours >= 6 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "3 Nov", in UTC so the server and every browser write the same day. */
export function formatDay(time: number): string {
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] as string}`;
}

/** "14:05 UTC" */
export function formatTime(time: number): string {
  return `${new Date(time).toISOString().slice(11, 16)} UTC`;
}

/** "for 12 min" within a day, "since 3 Nov" after; undefined when the start is unknown. */
export function sinceClause(since: string | undefined, now: number): string | undefined {
  const start = since === undefined ? Number.NaN : Date.parse(since);
  if (Number.isNaN(start)) return undefined;
  const elapsed = now - start;
  return elapsed < DAY ? `for ${formatDuration(elapsed)}` : `since ${formatDay(start)}`;
}

/**
 * Since when an app is in its state: "Down for 12 min" within a day, "Up since 3 Nov" after.
 * Undefined when the start is unknown.
 */
export function describeSince(
  state: HistoryState,
  since: string | undefined,
  now: number,
): string | undefined {
  const clause = sinceClause(since, now);
  return clause === undefined ? undefined : `${STATE_WORDS[state]} ${clause}`;
}

/** "99.87%", "100%"; two decimals at most, never rounding 99.999 up to 100. */
export function formatUptime(uptime: number): string {
  const percent = Math.floor(uptime * 10_000) / 100;
  return `${percent.toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The state of one strip character (see GET /api/status-history). */
export function stripState(code: string): HistoryState {
  switch (code) {
    case 'd':
      return 'down';
    case 'p':
      return 'pending';
    case 'm':
      return 'maintenance';
    case 'u':
      return 'up';
    default:
      return 'unknown';
  }
}

/**
 * The facts behind the status texts, as data: the web app words them in the page's language
 * (src/web/features/status/utils/status-text.ts). Nothing here is a text people read.
 */
import type { HistoryState } from './history.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration people read at a glance: "12 min", "3 h", "2 h 5 min", under a minute. */
export type DurationParts =
  | { kind: 'underMinute' }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'hours'; hours: number }
  | { kind: 'hoursMinutes'; hours: number; minutes: number };

export function durationParts(ms: number): DurationParts {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  if (minutes < 1) return { kind: 'underMinute' };
  if (minutes < 60) return { kind: 'minutes', minutes };
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 || hours >= 6
    ? { kind: 'hours', hours }
    : { kind: 'hoursMinutes', hours, minutes: rest };
}

/**
 * Since when an app is in its state: for a duration within a day ("for 12 min"), since a day
 * after ("since 3 Nov", the start given); undefined when the start is unknown.
 */
export type SinceParts =
  { kind: 'for'; duration: DurationParts } | { kind: 'since'; start: number };

export function sinceParts(since: string | undefined, now: number): SinceParts | undefined {
  const start = since === undefined ? Number.NaN : Date.parse(since);
  if (Number.isNaN(start)) return undefined;
  const elapsed = now - start;
  return elapsed < DAY
    ? { kind: 'for', duration: durationParts(elapsed) }
    : { kind: 'since', start };
}

/** The uptime as a fraction with two decimals of a percent at most, never rounding 99.999 up. */
export function uptimeFraction(uptime: number): number {
  return Math.floor(uptime * 10_000) / 10_000;
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

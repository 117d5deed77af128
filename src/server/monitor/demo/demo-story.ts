import type { HistoryState } from '../../../shared/status/history.js';
import type { StatusKind } from '../../../shared/status/status-codes.js';
import type { Notice } from '../../../shared/status/history-schemas.js';
import type { Period } from '../history/uptime.js';

/**
 * The demo catalog's simulated statuses (decision 0026): a pure function of (app id, time), so
 * every instance computes the same story and tests pin time. Every change falls on a whole UTC
 * minute. The parts, all played by public apps so an anonymous visitor sees each of them:
 *
 * - **Flapping**: MultiQC Reports goes Pending, Pending, Up, every three minutes (40 changes an
 *   hour), and is Down in the last minute of each hour.
 * - **Down with an incident**: Help Desk is down all day; it comes back for one minute at 05:59
 *   UTC and fails again at 06:00, when a new incident begins (the Help Desk's notice).
 * - **Maintenance with a notice**: Lab Wiki, IGV Web, JupyterHub and Galaxy take turns, one
 *   90-minute window each, so one of them is always in maintenance.
 * - **Up**: every other app, with a short outage or slow spell (5 to 25 minutes, Down or Pending)
 *   on about one day in three, so the 7- and 30-day views have something to show.
 *
 * So at every minute some app is Up, one is Down and one is in Maintenance, and Pending is never
 * missing two minutes in a row: each state shows within the first minute after a start.
 */

export const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/** The app that flaps. */
export const FLAPPING_APP = 'multiqc-reports';
/** The app with an incident. */
export const INCIDENT_APP = 'help-desk';
/** The apps that take turns in maintenance, in order. */
export const MAINTENANCE_APPS = ['lab-wiki', 'igv-web', 'jupyterhub', 'galaxy'] as const;
const MAINTENANCE_WINDOW_MINUTES = 90;
/** The minute of the day (UTC) the Help Desk is back for, before the next incident at 06:00. */
const INCIDENT_BREAK_MINUTE = 5 * 60 + 59;
/** How far back `since` is looked for; an app unchanged for longer is "up since" that long. */
const LOOKBACK_MINUTES = 7 * DAY_MINUTES;

const FLAPPING_LOOP: readonly StatusKind[] = ['pending', 'pending', 'up'];

const mod = (value: number, divisor: number): number => ((value % divisor) + divisor) % divisor;

/** FNV-1a, 32 bits: a stable, well-spread number for a text. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

function maintenanceWindow(minute: number): { app: string; start: number; end: number } {
  const index = Math.floor(minute / MAINTENANCE_WINDOW_MINUTES);
  const app = MAINTENANCE_APPS[mod(index, MAINTENANCE_APPS.length)] as string;
  const start = index * MAINTENANCE_WINDOW_MINUTES;
  return { app, start, end: start + MAINTENANCE_WINDOW_MINUTES };
}

type Blip = { from: number; to: number; state: StatusKind } | null;

/** Blips already worked out, by app and day: the history views ask for the same days often. */
const blips = new Map<string, Blip>();

/** A steady app's short outage or slow spell on a day, if it has one that day. */
function blipOf(appId: string, day: number): Blip {
  const key = `${appId}:${day}`;
  const known = blips.get(key);
  if (known !== undefined) return known;
  const value = hash(key);
  let blip: Blip = null;
  if (value % 3 === 0) {
    const from = day * DAY_MINUTES + 60 + ((value >>> 8) % 1320);
    const length = 5 + ((value >>> 2) % 21);
    blip = { from, to: from + length, state: (value >>> 24) % 2 === 0 ? 'pending' : 'down' };
  }
  if (blips.size >= 10_000) blips.clear();
  blips.set(key, blip);
  return blip;
}

/** The state of an app during the UTC minute with this index (minutes since the epoch). */
function stateInMinute(appId: string, minute: number): StatusKind {
  if (appId === FLAPPING_APP) {
    return mod(minute, 60) === 59 ? 'down' : (FLAPPING_LOOP[mod(minute, 3)] as StatusKind);
  }
  if (appId === INCIDENT_APP)
    return mod(minute, DAY_MINUTES) === INCIDENT_BREAK_MINUTE ? 'up' : 'down';
  if (maintenanceWindow(minute).app === appId) return 'maintenance';
  const blip = blipOf(appId, Math.floor(minute / DAY_MINUTES));
  if (blip && minute >= blip.from && minute < blip.to) return blip.state;
  return 'up';
}

/** The simulated state of an app at a time (epoch ms). */
export function demoStateAt(appId: string, time: number): StatusKind {
  return stateInMinute(appId, Math.floor(time / MINUTE_MS));
}

/** The first minute of the run of equal states that contains `minute` (within the lookback). */
function runStart(appId: string, minute: number): number {
  const state = stateInMinute(appId, minute);
  let start = minute;
  while (start > minute - LOOKBACK_MINUTES && stateInMinute(appId, start - 1) === state) start -= 1;
  return start;
}

/** The app's state at `time` and since when (epoch ms). */
export function demoCurrent(appId: string, time: number): { state: StatusKind; since: number } {
  const minute = Math.floor(time / MINUTE_MS);
  return { state: stateInMinute(appId, minute), since: runStart(appId, minute) * MINUTE_MS };
}

/**
 * The app's states overlapping [start, end), oldest first, as the status history stores them:
 * the last one is open (`until` null) when it lasts to `end`.
 */
export function demoPeriods(appId: string, start: number, end: number): Period[] {
  if (end <= start) return [];
  const first = Math.floor(start / MINUTE_MS);
  const last = Math.ceil(end / MINUTE_MS);
  const periods: Period[] = [];
  let state: HistoryState = stateInMinute(appId, first);
  let since = runStart(appId, first) * MINUTE_MS;
  for (let minute = first + 1; minute < last; minute += 1) {
    const next = stateInMinute(appId, minute);
    if (next === state) continue;
    periods.push({ state, since, until: minute * MINUTE_MS });
    state = next;
    since = minute * MINUTE_MS;
  }
  periods.push({ state, since, until: null });
  return periods;
}

/** State changes of the app that began within the hour before `time`. */
export function demoChangesLastHour(appId: string, time: number): number {
  const now = Math.floor(time / MINUTE_MS);
  let changes = 0;
  for (let minute = now - 59; minute <= now; minute += 1) {
    if (stateInMinute(appId, minute) !== stateInMinute(appId, minute - 1)) changes += 1;
  }
  return changes;
}

/** A response time for an app that is up (a few tens to a few hundred ms), steady per minute. */
export function demoResponseMs(appId: string, time: number): number | undefined {
  if (demoStateAt(appId, time) !== 'up') return undefined;
  return 40 + (hash(`${appId}:ms:${Math.floor(time / MINUTE_MS)}`) % 260);
}

const iso = (minute: number): string => new Date(minute * MINUTE_MS).toISOString();

/**
 * The notices in force at `time` among the given apps: the maintenance window of the app in
 * maintenance, and the Help Desk's incident while it is down. `nameOf` gives the apps' names.
 */
export function demoNotices(
  time: number,
  apps: ReadonlySet<string>,
  nameOf: (appId: string) => string,
): Notice[] {
  const minute = Math.floor(time / MINUTE_MS);
  const notices: Notice[] = [];
  const window = maintenanceWindow(minute);
  if (apps.has(window.app)) {
    notices.push({
      id: `demo-maintenance-${window.app}-${window.start}`,
      kind: 'maintenance',
      title: `Scheduled maintenance of ${nameOf(window.app)}`,
      text: 'Updates and a restart: the app may be unavailable until the window ends.',
      severity: 'info',
      start: iso(window.start),
      end: iso(window.end),
    });
  }
  if (apps.has(INCIDENT_APP) && stateInMinute(INCIDENT_APP, minute) === 'down') {
    const since = runStart(INCIDENT_APP, minute);
    notices.push({
      id: `demo-incident-${INCIDENT_APP}-${since}`,
      kind: 'incident',
      title: `${nameOf(INCIDENT_APP)} is down`,
      text: 'The ticket system does not answer after a storage move; research IT is restoring it.',
      severity: 'danger',
      start: iso(since),
      end: null,
    });
  }
  return notices;
}

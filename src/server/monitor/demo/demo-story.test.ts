import { describe, expect, it } from 'vitest';
import { FLAPPING_CHANGES } from '../../../shared/status/history.js';
import { DEMO_CATALOG_FILE, readCatalogFile } from '../../admin/catalog-loader.js';
import { entryLabel } from '../../catalog/catalog-file.js';
import { summarizePeriods } from '../history/uptime.js';
import {
  demoChangesLastHour,
  demoCurrent,
  demoNotices,
  demoPeriods,
  demoResponseMs,
  demoStateAt,
  FLAPPING_APP,
  INCIDENT_APP,
  MAINTENANCE_APPS,
  MINUTE_MS,
} from './demo-story.js';

const DAY_MS = 24 * 3_600_000;
/** A pinned time: Tuesday 3 November 2026, 10:15 UTC. */
const T = Date.parse('2026-11-03T10:15:00.000Z');

const entries = (await readCatalogFile(DEMO_CATALOG_FILE)).entries;
const ALL = entries.map((entry) => entry.id);
const PUBLIC = entries.filter((entry) => entry.isPublic).map((entry) => entry.id);
const names = new Map(entries.map((entry) => [entry.id, entryLabel(entry)]));
const nameOf = (id: string) => names.get(id) ?? id;

function counts(ids: readonly string[], time: number): Record<string, number> {
  const result: Record<string, number> = { up: 0, down: 0, pending: 0, maintenance: 0 };
  for (const id of ids) result[demoStateAt(id, time)] = (result[demoStateAt(id, time)] ?? 0) + 1;
  return result;
}

describe('the demo story', () => {
  it('is played by apps of the demo catalog, all public so anonymous visitors see it', () => {
    for (const id of [FLAPPING_APP, INCIDENT_APP, ...MAINTENANCE_APPS]) {
      expect(PUBLIC).toContain(id);
    }
  });

  it('has most apps up, one down, one in maintenance and one pending at a pinned time', () => {
    expect(counts(ALL, T)).toEqual({ up: 10, down: 1, pending: 1, maintenance: 1 });
    expect(demoStateAt(INCIDENT_APP, T)).toBe('down');
    expect(demoStateAt(FLAPPING_APP, T)).toBe('pending');
    expect(demoStateAt('jupyterhub', T)).toBe('maintenance');
  });

  it('shows Up, Down and Maintenance to anonymous visitors at every minute of 30 days, and Pending at least every other minute', () => {
    const start = Date.parse('2026-11-01T00:00:00.000Z');
    let minutesWithoutPending = 0;
    for (let time = start; time < start + 30 * DAY_MS; time += MINUTE_MS) {
      const seen = counts(PUBLIC, time);
      expect(seen.up, new Date(time).toISOString()).toBeGreaterThanOrEqual(1);
      expect(seen.down, new Date(time).toISOString()).toBeGreaterThanOrEqual(1);
      expect(seen.maintenance, new Date(time).toISOString()).toBe(1);
      minutesWithoutPending = seen.pending === 0 ? minutesWithoutPending + 1 : 0;
      expect(minutesWithoutPending, new Date(time).toISOString()).toBeLessThanOrEqual(1);
    }
  });

  it('keeps most apps up over the days: their 30-day uptime stays high', () => {
    const troubled = new Set([FLAPPING_APP, INCIDENT_APP]);
    for (const id of ALL.filter((app) => !troubled.has(app))) {
      const periods = demoPeriods(id, T - 30 * DAY_MS, T);
      const { uptime } = summarizePeriods(periods, { start: T - 30 * DAY_MS, end: T, count: 30 });
      expect(uptime, id).toBeGreaterThan(0.995);
    }
  });

  it('flaps: the flapping app changes every few minutes, often enough to count as flapping', () => {
    expect(demoChangesLastHour(FLAPPING_APP, T)).toBeGreaterThanOrEqual(FLAPPING_CHANGES);
    const states = new Set([0, 1, 2, 3].map((m) => demoStateAt(FLAPPING_APP, T + m * MINUTE_MS)));
    expect(states).toEqual(new Set(['up', 'pending']));
    expect(demoStateAt(FLAPPING_APP, Date.parse('2026-11-03T10:59:30Z'))).toBe('down');
    expect(demoChangesLastHour('galaxy', T)).toBeLessThan(FLAPPING_CHANGES);
  });

  it('gives the app in maintenance a notice for its window', () => {
    const notices = demoNotices(T, new Set(ALL), nameOf);
    const maintenance = notices.filter((notice) => notice.kind === 'maintenance');
    expect(maintenance).toEqual([
      expect.objectContaining({
        title: 'Scheduled maintenance of JupyterHub',
        start: '2026-11-03T09:00:00.000Z',
        end: '2026-11-03T10:30:00.000Z',
      }),
    ]);
    // The next window belongs to the next app, with a notice of its own.
    const later = demoNotices(T + 20 * MINUTE_MS, new Set(ALL), nameOf);
    expect(later.find((notice) => notice.kind === 'maintenance')?.title).toBe(
      'Scheduled maintenance of Galaxy',
    );
    expect(demoStateAt('galaxy', T + 20 * MINUTE_MS)).toBe('maintenance');
    expect(demoStateAt('jupyterhub', T + 20 * MINUTE_MS)).toBe('up');
  });

  it('gives the app that is down an incident, which ends when it is back', () => {
    const incident = demoNotices(T, new Set(ALL), nameOf).find((n) => n.kind === 'incident');
    expect(incident).toMatchObject({
      title: 'Help Desk is down',
      severity: 'danger',
      start: '2026-11-03T06:00:00.000Z',
      end: null,
    });
    expect(demoCurrent(INCIDENT_APP, T)).toEqual({
      state: 'down',
      since: Date.parse('2026-11-03T06:00:00.000Z'),
    });
    const back = Date.parse('2026-11-04T05:59:10.000Z');
    expect(demoStateAt(INCIDENT_APP, back)).toBe('up');
    expect(demoNotices(back, new Set(ALL), nameOf).some((n) => n.kind === 'incident')).toBe(false);
  });

  it('names no app outside the given ones in its notices', () => {
    expect(demoNotices(T, new Set(['galaxy']), nameOf)).toEqual([]);
  });

  it('tells the history as periods that match the states, the last one open', () => {
    for (const id of [FLAPPING_APP, INCIDENT_APP, 'jupyterhub', 'galaxy']) {
      const start = T - DAY_MS;
      const periods = demoPeriods(id, start, T);
      expect(periods.at(-1)?.until).toBeNull();
      expect(periods[0]?.since).toBeLessThanOrEqual(start);
      for (const [index, period] of periods.entries()) {
        expect(demoStateAt(id, period.since)).toBe(period.state);
        const next = periods[index + 1];
        if (next) {
          expect(next.since).toBe(period.until);
          expect(next.state).not.toBe(period.state);
        }
      }
    }
  });

  it('is a function of app and time only: the same answers every time', () => {
    expect(demoPeriods(FLAPPING_APP, T - DAY_MS, T)).toEqual(
      demoPeriods(FLAPPING_APP, T - DAY_MS, T),
    );
    expect(demoResponseMs('galaxy', T)).toBe(demoResponseMs('galaxy', T + 30_000));
    expect(demoResponseMs(INCIDENT_APP, T)).toBeUndefined();
  });
});

import {
  STATUS_DOWN,
  STATUS_MAINTENANCE,
  STATUS_PENDING,
  STATUS_UP,
  type StatusKind,
} from '../../../shared/status/status-codes.js';
import type { StatusHistoryRepository } from '../history/status-history.repository.js';
import type { StatusChangeRow } from '../history/status-history.table.js';
import type { StatusHistoryView } from '../history/status-recorder.js';
import type { NoticeBoard } from '../notice-board.js';
import type { CachedStatus, StatusResults } from '../status-cache.js';
import { DEMO_SOURCE, type DemoStatus } from './demo-status.js';
import {
  demoChangesLastHour,
  demoCurrent,
  demoNotices,
  demoPeriods,
  demoResponseMs,
  MINUTE_MS,
} from './demo-story.js';

/**
 * The read side of the simulated statuses (decision 0026). Each reader of the monitor (the
 * status list, the history views, the notices) is wrapped: for the demo apps, while the demo
 * status is active, the answer comes from the story at the time of the request; for every other
 * app, from the monitor as usual. Nothing simulated is ever written to the database.
 */

const CODES: Record<StatusKind, number> = {
  up: STATUS_UP,
  down: STATUS_DOWN,
  pending: STATUS_PENDING,
  maintenance: STATUS_MAINTENANCE,
};

/** A version number that moves whenever `key()` gives a new value. */
function movingVersion(key: () => string): () => number {
  let last: string | undefined;
  let version = 0;
  return () => {
    const next = key();
    if (next !== last) {
      last = next;
      version += 1;
    }
    return version;
  };
}

const minuteOf = (time: number) => Math.floor(time / MINUTE_MS);

/** The monitor's results, with the demo apps' statuses from the story. */
export function withDemoResults(
  base: StatusResults,
  demo: DemoStatus,
  now: () => number,
): StatusResults {
  // The story changes on whole minutes only.
  const version = movingVersion(
    () => `${base.version}|${demo.version}|${demo.active ? minuteOf(now()) : ''}`,
  );
  return {
    get version() {
      return version();
    },
    lookup(link: string): CachedStatus | undefined {
      const appId = demo.appOfLink(link);
      if (appId === undefined) return base.lookup(link);
      const time = now();
      const { state } = demoCurrent(appId, time);
      const status: CachedStatus = {
        url: link,
        status: CODES[state],
        seenAt: minuteOf(time) * MINUTE_MS,
        stale: false,
        source: DEMO_SOURCE,
      };
      const responseMs = demoResponseMs(appId, time);
      if (responseMs !== undefined) status.responseMs = responseMs;
      return status;
    },
  };
}

/** The history's current states, with the demo apps' from the story. */
export function withDemoHistoryView(
  base: StatusHistoryView | undefined,
  demo: DemoStatus,
  now: () => number,
): StatusHistoryView {
  const version = movingVersion(
    () => `${base?.version ?? 0}|${demo.version}|${demo.active ? minuteOf(now()) : ''}`,
  );
  return {
    get version() {
      return version();
    },
    current(appId) {
      if (!demo.app(appId)) return base?.current(appId);
      return { ...demoCurrent(appId, now()), source: DEMO_SOURCE };
    },
    changesLastHour(appId) {
      if (!demo.app(appId)) return base?.changesLastHour(appId) ?? 0;
      return demoChangesLastHour(appId, now());
    },
  };
}

type HistoryReads = Pick<StatusHistoryRepository, 'findRange' | 'findAllInRange'>;

function rowsOf(appId: string, start: number, end: number): StatusChangeRow[] {
  return demoPeriods(appId, start, end).map((period) => ({
    appId,
    ...period,
    source: DEMO_SOURCE,
    responseMs: null,
  }));
}

/** The stored history, with the demo apps' periods from the story instead of the database's. */
export function withDemoHistory(base: HistoryReads, demo: DemoStatus): HistoryReads {
  return {
    async findRange(appId, start, end) {
      if (demo.app(appId)) return rowsOf(appId, start, end);
      return base.findRange(appId, start, end);
    },
    async findAllInRange(start, end) {
      const stored = await base.findAllInRange(start, end);
      if (!demo.active) return stored;
      const rows = stored.filter((row) => !demo.app(row.appId));
      for (const app of demo.apps()) rows.push(...rowsOf(app.id, start, end));
      return rows;
    },
  };
}

/** The notices, with the story's maintenance window and incident while the demo is active. */
export function withDemoNotices(
  base: Pick<NoticeBoard, 'active'>,
  demo: DemoStatus,
  now: () => number,
): Pick<NoticeBoard, 'active'> {
  return {
    active() {
      const stored = base.active();
      if (!demo.active) return stored;
      const ids = new Set(demo.apps().map((app) => app.id));
      return [...stored, ...demoNotices(now(), ids, (id) => demo.app(id)?.name ?? id)];
    },
  };
}

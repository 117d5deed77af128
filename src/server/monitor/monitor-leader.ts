import { FLAPPING_WINDOW_MS } from '../../shared/status/history.js';
import type { Notice } from '../../shared/status/history-schemas.js';
import type { StatusHistoryRepository } from './history/status-history.repository.js';
import type { CurrentState, StatusRecorder } from './history/status-recorder.js';
import type { KumaStatusPageReader } from './sources/kuma-status-page.js';
import { SourceError, type SourceStatus, type StatusSource } from './sources/source.js';
import { createAdvisoryLeadership, type AdvisoryLeadership } from '../db/advisory-leader.js';
import type { Db } from '../db/database.js';

/** The advisory lock whose holder is the monitor leader (any fixed 64-bit number). */
export const MONITOR_LOCK_KEY = 7_364_522_011;

export type MonitorLeadership = AdvisoryLeadership;

/**
 * One monitor for all instances (decision 0017): the instance holding the monitor's PostgreSQL
 * advisory lock is the leader (src/server/db/advisory-leader.ts); the others read its results.
 */
export function createMonitorLeadership(url: string): MonitorLeadership {
  return createAdvisoryLeadership(url, MONITOR_LOCK_KEY);
}

/**
 * The sources as every instance runs them: the leader reads the real source and stores what it
 * got in `monitorShared`; the others read that row instead of the upstream. A row older than
 * two intervals (no leader reported) counts as a failed read, so the cache marks it stale.
 */
export function shareSources(
  sources: StatusSource[],
  deps: { db: Db; leadership: MonitorLeadership; intervalMs: number; now?: () => number },
): StatusSource[] {
  const now = deps.now ?? Date.now;
  return sources.map((source) => ({
    name: source.name,
    needsLinks: source.needsLinks,
    async collect(context) {
      if (await deps.leadership.check()) {
        let statuses: SourceStatus[];
        try {
          statuses = await source.collect(context);
        } catch (error) {
          await store(deps.db, source.name, false, [], (error as Error).message, now());
          throw error;
        }
        await store(deps.db, source.name, true, statuses, '', now());
        return statuses;
      }
      const text = await shared(deps.db, source.name, now(), deps.intervalMs);
      return JSON.parse(text) as SourceStatus[];
    },
  }));
}

/**
 * The status page's notices as every instance reads them: like the sources, only the leader reads
 * the Kuma status page and stores the notices in `monitorShared` (row `source` = the reader's
 * name, the notices in `statuses`); the others read that row. A missing, failed or old row is a
 * failed read, so the notice board keeps its last notices until `dropAfter` as usual.
 */
export function shareNotices(
  reader: Pick<KumaStatusPageReader, 'name' | 'read'>,
  deps: { db: Db; leadership: MonitorLeadership; intervalMs: number; now?: () => number },
): Pick<KumaStatusPageReader, 'name' | 'read'> {
  const now = deps.now ?? Date.now;
  return {
    name: reader.name,
    async read(signal, at) {
      if (await deps.leadership.check()) {
        let notices: Notice[];
        try {
          notices = await reader.read(signal, at);
        } catch (error) {
          await store(deps.db, reader.name, false, [], (error as Error).message, now());
          throw error;
        }
        await store(deps.db, reader.name, true, notices, '', now());
        return notices;
      }
      return JSON.parse(await shared(deps.db, reader.name, now(), deps.intervalMs)) as Notice[];
    },
  };
}

/** The leader's latest result for `source`, as stored JSON; throws as a failed read would. */
async function shared(db: Db, source: string, at: number, intervalMs: number): Promise<string> {
  const row = await db
    .selectFrom('monitorShared')
    .selectAll()
    .where('source', '=', source)
    .executeTakeFirst();
  if (!row || at - Number(row.at) > 2 * intervalMs) {
    throw new SourceError('no result from the monitor leader (docs/deploy.md)');
  }
  if (!row.ok) throw new SourceError(row.error || 'unavailable (monitor leader)');
  return row.statuses;
}

async function store(
  db: Db,
  source: string,
  ok: boolean,
  statuses: readonly unknown[],
  error: string,
  at: number,
): Promise<void> {
  const row = { ok: ok ? 1 : 0, statuses: JSON.stringify(statuses), error, at };
  await db
    .insertInto('monitorShared')
    .values({ source, ...row })
    .onConflict((oc) => oc.column('source').doUpdateSet(row))
    .execute()
    .catch(() => undefined);
}

/**
 * The status history is written by the leader only, so that it holds one row per change. On the
 * other instances each cycle reads the leader's rows of the last hour instead, so that the current
 * state (`since`) and the flapping count are the leader's too.
 */
export function leaderOnlyHistory(
  recorder: StatusRecorder,
  deps: {
    leadership: MonitorLeadership;
    repository: Pick<StatusHistoryRepository, 'findAllInRange'>;
    now?: () => number;
  },
): StatusRecorder {
  const now = deps.now ?? Date.now;
  let leading = false;
  let version = 0;
  let shared = new Map<string, { current?: CurrentState; recent: number }>();
  let sharedKey = '';

  async function follow(): Promise<void> {
    const at = now();
    const start = at - FLAPPING_WINDOW_MS;
    const rows = await deps.repository.findAllInRange(start, at + 1);
    const next = new Map<string, { current?: CurrentState; recent: number }>();
    for (const row of rows) {
      const entry = next.get(row.appId);
      // A change is a row that began in the window after an earlier row of the same app.
      const isChange = entry !== undefined && row.since > start;
      const value = entry ?? { recent: 0 };
      if (isChange) value.recent += 1;
      if (row.until === null) {
        value.current = { state: row.state, since: row.since, source: row.source };
      }
      next.set(row.appId, value);
    }
    const key = JSON.stringify([...next]);
    if (key !== sharedKey) {
      sharedKey = key;
      shared = next;
      version += 1;
    }
  }

  return {
    // Moves whenever either view moves (and on a takeover): readers only compare it.
    get version() {
      return version + recorder.version;
    },
    current: (appId) => (leading ? recorder.current(appId) : shared.get(appId)?.current),
    changesLastHour: (appId) =>
      leading ? recorder.changesLastHour(appId) : (shared.get(appId)?.recent ?? 0),
    async record(results) {
      const wasLeading = leading;
      leading = await deps.leadership.check();
      if (leading) {
        const outcome = await recorder.record(results);
        // Readers compare versions: a takeover must look like a change.
        if (!wasLeading) version += 1;
        return outcome;
      }
      await follow();
      return { changed: 0, pruned: 0 };
    },
  };
}

import { UPTIME_RANGES, type UptimeRange } from '../../../shared/status/history.js';
import type { Strips, Uptime } from '../../../shared/status/history-schemas.js';
import type { Viewer } from '../../catalog/visibility.js';
import { NotFoundError } from '../../http/errors.js';
import type { StatusHistoryRepository } from './status-history.repository.js';
import type { StatusHistoryView } from './status-recorder.js';
import { STRIP_CODES, summarizePeriods, worstState } from './uptime.js';

/** The strips are recomputed at most this often (and whenever the history changes). */
const STRIPS_TTL_MS = 60_000;

const MAX_CHANGES = 20;

const iso = (time: number): string => new Date(time).toISOString();

/** GET /api/apps/{id}/uptime: an app's buckets and uptime, for callers who may see the app. */
export function createUptimeService(deps: {
  visibleApps(viewer: Viewer): Promise<readonly { id: string }[]>;
  repository: Pick<StatusHistoryRepository, 'findRange' | 'findAllInRange'>;
  history?: Pick<StatusHistoryView, 'version' | 'changesLastHour'>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const memo = new WeakMap<object, { key: string; at: number; strips: Promise<Strips> }>();

  async function computeStrips(apps: readonly { id: string }[], end: number): Promise<Strips> {
    const { durationMs, buckets: count } = UPTIME_RANGES['24h'];
    const start = end - durationMs;
    const rows = await deps.repository.findAllInRange(start, end);
    const byApp = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byApp.get(row.appId);
      if (list) list.push(row);
      else byApp.set(row.appId, [row]);
    }
    const items: Strips['items'] = [];
    for (const app of apps) {
      const periods = byApp.get(app.id);
      if (!periods) continue;
      const summary = summarizePeriods(periods, { start, end, count });
      items.push({
        appId: app.id,
        uptime: summary.uptime,
        strip: summary.buckets.map((bucket) => STRIP_CODES[worstState(bucket)]).join(''),
        changesLastHour: deps.history?.changesLastHour(app.id) ?? 0,
      });
    }
    return { range: '24h', bucketMinutes: durationMs / count / 60_000, end: iso(end), items };
  }

  return {
    /**
     * The 24 h strip and uptime of every app the viewer may see that has a history: one query
     * for all apps, computed once per visible list per minute or history change.
     */
    async stripsFor(viewer: Viewer): Promise<Strips> {
      const apps = await deps.visibleApps(viewer);
      const at = now();
      const key = String(deps.history?.version ?? 0);
      const cached = memo.get(apps);
      if (cached && cached.key === key && at - cached.at < STRIPS_TTL_MS) return cached.strips;
      const strips = computeStrips(apps, at);
      memo.set(apps, { key, at, strips });
      strips.catch(() => memo.delete(apps));
      return strips;
    },

    async uptimeOf(viewer: Viewer, appId: string, range: UptimeRange): Promise<Uptime> {
      // Same answer for a hidden app as for an unknown one: no existence oracle.
      const visible = await deps.visibleApps(viewer);
      if (!visible.some((app) => app.id === appId)) throw new NotFoundError();
      const { durationMs, buckets: count } = UPTIME_RANGES[range];
      const end = now();
      const start = end - durationMs;
      const rows = await deps.repository.findRange(appId, start, end);
      const summary = summarizePeriods(rows, { start, end, count });
      const last = rows.at(-1);
      return {
        appId,
        range,
        uptime: summary.uptime,
        lastChange: last ? iso(last.since) : null,
        buckets: summary.buckets.map((bucket) => ({ ...bucket, start: iso(bucket.start) })),
        changes: rows
          .slice(-MAX_CHANGES)
          .reverse()
          .map((row) => ({
            state: row.state,
            since: iso(row.since),
            until: row.until === null ? null : iso(row.until),
          })),
      };
    },
  };
}

export type UptimeService = ReturnType<typeof createUptimeService>;

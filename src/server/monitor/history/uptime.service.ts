import { UPTIME_RANGES, type UptimeRange } from '../../../shared/status/history.js';
import type { Uptime } from '../../../shared/status/history-schemas.js';
import type { Viewer } from '../../catalog/visibility.js';
import { NotFoundError } from '../../http/errors.js';
import type { StatusHistoryRepository } from './status-history.repository.js';
import { summarizePeriods } from './uptime.js';

const MAX_CHANGES = 20;

const iso = (time: number): string => new Date(time).toISOString();

/** GET /api/apps/{id}/uptime: an app's buckets and uptime, for callers who may see the app. */
export function createUptimeService(deps: {
  visibleApps(viewer: Viewer): Promise<readonly { id: string }[]>;
  repository: Pick<StatusHistoryRepository, 'findRange'>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  return {
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

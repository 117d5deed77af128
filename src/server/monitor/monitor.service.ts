import { createHash } from 'node:crypto';
import type { StatusItem } from '../../shared/api/schemas.js';
import type { Viewer } from '../catalog/visibility.js';
import { DEMO_SOURCE } from './demo/demo-status.js';
import type { StatusHistoryView } from './history/status-recorder.js';
import type { StatusResults } from './status-cache.js';

export interface StatusListing {
  /** `[{url, status}]`, shared by every caller who sees the same apps; do not modify. */
  items: StatusItem[];
  /** `items` as JSON, serialised once. */
  body: string;
  /** A strong ETag of the body. */
  etag: string;
}

function listingOf(items: StatusItem[]): StatusListing {
  const body = JSON.stringify(items);
  const hash = createHash('sha256').update(body).digest('base64url');
  return { items, body, etag: `"${hash.slice(0, 27)}"` };
}

/**
 * The status list a caller may see: for each app visible to the caller whose link matches a
 * cached status (exact link, else the normalised URL), `{url: <the app's link>, status}`, sorted
 * by URL. Monitor URLs that match no visible app never appear.
 *
 * Everything comes from memory: `visibleApps` is the catalog snapshot of GET /api/apps (one
 * list per group set, the same array until the catalog changes), and each such list's statuses
 * are computed once per version of the monitor's results. A request never reaches a source.
 */
export function createMonitorStatusService(deps: {
  visibleApps(viewer: Viewer): Promise<readonly { id: string; link: string }[]>;
  results: StatusResults;
  /** Adds `since` to the items (history/). */
  history?: StatusHistoryView;
}) {
  const memo = new WeakMap<object, { version: string; listing: StatusListing }>();

  function compute(apps: readonly { id: string; link: string }[]): StatusListing {
    const byUrl = new Map<string, StatusItem>();
    for (const app of apps) {
      if (byUrl.has(app.link) || app.link.trim() === '') continue;
      const found = deps.results.lookup(app.link.trim());
      if (!found) continue;
      // `checkedAt` and `stale` let the SPA say a status is out of date (docs/web.md, "Status polling").
      const item: StatusItem = {
        url: app.link,
        status: found.status,
        checkedAt: new Date(found.seenAt).toISOString(),
        stale: found.stale,
      };
      const current = deps.history?.current(app.id);
      if (current && current.state !== 'unknown')
        item.since = new Date(current.since).toISOString();
      if (found.responseMs !== undefined) item.responseMs = found.responseMs;
      if (found.source === DEMO_SOURCE) item.simulated = true;
      byUrl.set(app.link, item);
    }
    const items = [...byUrl.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    return listingOf(items);
  }

  return {
    async statusFor(viewer: Viewer): Promise<StatusListing> {
      const apps = await deps.visibleApps(viewer);
      const version = `${deps.results.version}/${deps.history?.version ?? 0}`;
      const cached = memo.get(apps);
      if (cached?.version === version) return cached.listing;
      const listing = compute(apps);
      memo.set(apps, { version, listing });
      return listing;
    },
  };
}

export type MonitorStatusService = ReturnType<typeof createMonitorStatusService>;

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

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function listingOf(items: StatusItem[]): StatusListing {
  const body = JSON.stringify(items);
  const hash = createHash('sha256').update(body).digest('base64url');
  return { items, body, etag: `"${hash.slice(0, 27)}"` };
}

/**
 * The status list a caller may see: for each app visible to the caller with a known status,
 * `{id, url: <the app's public link>, status}`, sorted by URL then id. The status is looked up
 * where the monitor checks the app (`statusLink`: its link, else its first address on a network,
 * docs/networks.md): exact link, else the normalised URL. An app's internal addresses never
 * appear (`url` is '' for an app without a public link). Monitor URLs that match no visible app
 * never appear either.
 *
 * Everything comes from memory: `visibleApps` is the catalog snapshot of GET /api/apps (one
 * list per group set, the same array until the catalog changes), and each such list's statuses
 * are computed once per version of the monitor's results. A request never reaches a source.
 */
export function createMonitorStatusService(deps: {
  visibleApps(viewer: Viewer): Promise<readonly { id: string; link: string }[]>;
  results: StatusResults;
  /** Where the monitor checks an app (catalog-snapshot.ts); by default its link. */
  statusLink?: (app: { id: string; link: string }) => string;
  /** Adds `since` to the items (history/). */
  history?: StatusHistoryView;
}) {
  const memo = new WeakMap<object, { version: string; listing: StatusListing }>();
  const statusLink = deps.statusLink ?? ((app: { link: string }) => app.link.trim());

  function compute(apps: readonly { id: string; link: string }[]): StatusListing {
    const items: StatusItem[] = [];
    for (const app of apps) {
      const checked = statusLink(app);
      if (checked === '') continue;
      const found = deps.results.lookup(checked);
      if (!found) continue;
      // `checkedAt` and `stale` let the SPA say a status is out of date (docs/web.md, "Status polling").
      const item: StatusItem = {
        id: app.id,
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
      items.push(item);
    }
    items.sort((a, b) => compareText(a.url, b.url) || compareText(a.id, b.id));
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

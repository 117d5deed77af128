import { useEffect } from 'react';
import { isLocked } from '../features/catalog/api/apps.js';
import type { AppStores } from './create-stores.js';

/** The stores the refresh reads and reloads. */
export type AccessRefreshStores = Pick<AppStores, 'session' | 'catalog' | 'access'>;

/** How often a signed-in page with an open (or just approved) request asks how it stands. */
export const ACCESS_REFRESH_MS = 30_000;

/** What, of the user's requests, changes what the cards show. */
function signature(stores: AccessRefreshStores): string {
  return (stores.access.getState().requests ?? [])
    .map((request) => `${request.id}:${request.status}:${request.membership}`)
    .join(',');
}

/** True while something may still change on its own: a request waiting for a decision, an
 * approved app whose card is still locked (the membership reaches the user's identity later),
 * or time-boxed access (it ends, or an admin moves its end, and the card locks again). */
function waiting(stores: AccessRefreshStores): { requests: boolean; catalog: boolean } {
  const requests = stores.access.getState().requests ?? [];
  const locked = new Set(
    (stores.catalog.getState().apps ?? []).filter(isLocked).map((app) => app.id),
  );
  const approvedButLocked = requests.some(
    (request) => request.status === 'approved' && locked.has(request.appId),
  );
  const timeBoxed = requests.some(
    (request) => request.status === 'approved' && request.expiresAt !== undefined,
  );
  return {
    requests:
      approvedButLocked || timeBoxed || requests.some((request) => request.status === 'pending'),
    catalog: approvedButLocked,
  };
}

/**
 * Keeps a signed-in page current with its access requests, without signing out: while a
 * request is open it is asked again every ACCESS_REFRESH_MS (only while the tab is visible);
 * when one changed (decided, membership written) the apps are loaded again, and while an
 * approved app still shows locked, the apps are asked for on each round (the server refreshes
 * the user's identity on their next request, so the new group shows within a minute).
 */
export function useAccessRefresh(
  stores: AccessRefreshStores,
  intervalMs = ACCESS_REFRESH_MS,
): void {
  useEffect(() => {
    let running = false;
    const tick = async () => {
      if (running || document.visibilityState === 'hidden') return;
      if (!stores.session.getState().isAuthenticated) return;
      const before = waiting(stores);
      if (!before.requests) return;
      running = true;
      try {
        const previous = signature(stores);
        await stores.access.getState().load();
        if (before.catalog || signature(stores) !== previous) {
          await stores.catalog.getState().load();
        }
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), intervalMs);
    return () => clearInterval(timer);
  }, [stores, intervalMs]);
}

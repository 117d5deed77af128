import type { AccessRequest } from '../api/access-api.js';

/**
 * The request that says where the user stands with each app: the open one if any, else the
 * latest (by creation time). Withdrawn requests count as none.
 */
export function latestByApp(requests: readonly AccessRequest[] | null): Map<string, AccessRequest> {
  const byApp = new Map<string, AccessRequest>();
  for (const request of requests ?? []) {
    if (request.status === 'withdrawn') continue;
    const kept = byApp.get(request.appId);
    if (!kept || (kept.status !== 'pending' && request.created > kept.created)) {
      byApp.set(request.appId, request);
    }
    if (request.status === 'pending') byApp.set(request.appId, request);
  }
  return byApp;
}

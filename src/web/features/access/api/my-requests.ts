import { fetchEveryPage } from '../../../lib/api-client.js';
import type { AccessRequest } from './access-types.js';

/**
 * Every access request of the signed-in user (GET /api/access-requests, all pages). Apart from
 * access-api.ts: the home page's bundle needs this call only; the others load on demand.
 */
export function fetchMyRequests(): Promise<AccessRequest[]> {
  return fetchEveryPage<AccessRequest>('/api/access-requests');
}

import type { AccessDecision } from '../../../../shared/api/access-schemas.js';
import { apiRequest } from '../../../lib/api-client.js';
import type { AccessDecisionResult, AccessRequest, InboxList } from './access-types.js';

export type {
  AccessDecisionResult,
  AccessRequest,
  InboxList,
  InboxRequest,
} from './access-types.js';
export { fetchMyRequests } from './my-requests.js';

/** How many requests one page of the inbox shows. */
export const INBOX_PAGE_SIZE = 50;

/** Asks for access to an app (201 with the request; 409 one is open; 404 not requestable). */
export function createRequest(
  appId: string,
  reason: string,
  acceptedTerms?: string,
): Promise<AccessRequest> {
  return apiRequest<AccessRequest>('/api/access-requests', {
    method: 'POST',
    body: acceptedTerms === undefined ? { appId, reason } : { appId, reason, acceptedTerms },
  });
}

/** Withdraws the signed-in user's open request (204). */
export async function withdrawRequest(id: string): Promise<void> {
  await apiRequest<null>(`/api/access-requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export type InboxTab = 'pending' | 'decided';

/** One page of the requests the caller may decide (403 when they approve nothing). */
export function fetchInbox(status: InboxTab, page = 1): Promise<InboxList> {
  return apiRequest<InboxList>('/api/access-requests/inbox', {
    query: { status, page, perPage: INBOX_PAGE_SIZE },
  });
}

/** Approves or declines a request (403 not an approver of its app; 409 already decided). */
export function decideRequest(id: string, decision: AccessDecision): Promise<AccessDecisionResult> {
  return apiRequest<AccessDecisionResult>(
    `/api/access-requests/${encodeURIComponent(id)}/decision`,
    { method: 'POST', body: decision },
  );
}

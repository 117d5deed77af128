import { apiRequest } from '../../../lib/api-client.js';

/** Whether a notice is one admins posted: those are dismissed and acknowledged on the server. */
export function isPortalNotice(id: string): boolean {
  return id.startsWith('portal-');
}

/** Hides a portal notice from the signed-in person in every browser (204). */
export async function dismissNotice(id: string): Promise<void> {
  await apiRequest<null>(`/api/notices/${encodeURIComponent(id)}/dismiss`, { method: 'POST' });
}

/** Records that the signed-in person read and accepts a portal notice (204, idempotent). */
export async function acknowledgeNotice(id: string): Promise<void> {
  await apiRequest<null>(`/api/notices/${encodeURIComponent(id)}/acknowledge`, {
    method: 'POST',
  });
}

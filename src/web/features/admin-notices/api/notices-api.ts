import type {
  PortalNotice,
  PortalNoticeCreate,
  PortalNoticePatch,
  NoticeAcknowledgements,
} from '../../../../shared/api/notice-schemas.js';
import { apiRequest, fetchEveryPage } from '../../../lib/api-client.js';

/** Portal notices (/api/admin/notices, docs/admin.md) as the console calls them. */
const noticePath = (id: string) => `/api/admin/notices/${encodeURIComponent(id)}`;

export async function listNotices(): Promise<PortalNotice[]> {
  return fetchEveryPage<PortalNotice>('/api/admin/notices');
}

export function createNotice(body: PortalNoticeCreate): Promise<PortalNotice> {
  return apiRequest<PortalNotice>('/api/admin/notices', { method: 'POST', body });
}

export function updateNotice(id: string, patch: PortalNoticePatch): Promise<PortalNotice> {
  return apiRequest<PortalNotice>(noticePath(id), { method: 'PATCH', body: patch });
}

export async function deleteNotice(id: string): Promise<void> {
  await apiRequest<unknown>(noticePath(id), { method: 'DELETE' });
}

/** Who acknowledged a notice and who in its audience has not. */
export function fetchAcknowledgements(id: string): Promise<NoticeAcknowledgements> {
  return apiRequest<NoticeAcknowledgements>(`${noticePath(id)}/acknowledgements`);
}

/** The same as CSV (one row per person with a status column). */
export async function fetchAcknowledgementsCsv(id: string): Promise<string> {
  const response = await fetch(`${noticePath(id)}/acknowledgements`, {
    credentials: 'same-origin',
    headers: { accept: 'text/csv' },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

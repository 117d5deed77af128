import type {
  PortalNotice,
  PortalNoticeCreate,
  PortalNoticePatch,
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

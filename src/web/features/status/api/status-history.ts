import type {
  Notices,
  Strips,
  Uptime,
  UptimeQuery,
} from '../../../../shared/status/history-schemas.js';
import { apiRequest } from '../../../lib/api-client.js';

/** Every visible app's 24 h strip and uptime. */
export function fetchStrips(): Promise<Strips> {
  return apiRequest<Strips>('/api/status-history');
}

/** One app's buckets, uptime and recent changes over a range. */
export function fetchUptime(appId: string, range: UptimeQuery['range']): Promise<Uptime> {
  return apiRequest<Uptime>(`/api/apps/${encodeURIComponent(appId)}/uptime`, {
    query: { range },
  });
}

/** Active incident and maintenance notices, and the apps in maintenance. */
export function fetchNotices(): Promise<Notices> {
  return apiRequest<Notices>('/api/notices');
}

import type { StatusItem } from '../../../../shared/api/schemas.js';
import { apiRequest } from '../../../lib/api-client.js';

/** The monitor's latest results, `[{id, url, status}]`, for the apps the caller may see. */
export async function fetchMonitorStatus(): Promise<StatusItem[]> {
  const items = await apiRequest<unknown>('/api/monitor-status');
  if (!Array.isArray(items)) throw new TypeError('The monitor status is not a list.');
  return items.filter(
    (item): item is StatusItem =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as StatusItem).id === 'string' &&
      typeof (item as StatusItem).url === 'string' &&
      Number.isInteger((item as StatusItem).status),
  );
}

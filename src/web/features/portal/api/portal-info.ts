import type { PortalInfo } from '../../../../shared/api/schemas.js';
import { apiRequest } from '../../../lib/api-client.js';

/** The configured title, sub-title and footer (served, not built into the bundle). */
export function fetchPortalInfo(): Promise<PortalInfo> {
  return apiRequest<PortalInfo>('/api/portal');
}

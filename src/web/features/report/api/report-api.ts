import { apiRequest } from '../../../lib/api-client.js';

/** Longest message the server takes (MAX_REPORT_MESSAGE of src/server/reports). */
export const REPORT_MAX = 2000;

/**
 * Reports a problem with an app to its support contact: 202 when queued; 404 for an app the
 * person may not open, 409 when it has no support e-mail address, 429 over the limits.
 */
export async function sendReport(appId: string, message: string): Promise<void> {
  await apiRequest<{ queued: true }>(`/api/apps/${encodeURIComponent(appId)}/report`, {
    method: 'POST',
    body: { message },
  });
}

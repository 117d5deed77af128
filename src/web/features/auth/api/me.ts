import type { Me } from '../../../../shared/api/schemas.js';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.js';

/** Who is signed in: the user, or null when the server says nobody is (401). */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await apiRequest<Me>('/api/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

import type { Me } from '../../../../shared/api/schemas.js';
import { apiRequest } from '../../../lib/api-client.js';

const path = (appId: string) => `/api/me/favorites/${encodeURIComponent(appId)}`;

/** Adds an app to the signed-in user's favorites; answers the updated user. */
export function addFavorite(appId: string): Promise<Me> {
  return apiRequest<Me>(path(appId), { method: 'PUT' });
}

/** Removes an app from the signed-in user's favorites; answers the updated user. */
export function removeFavorite(appId: string): Promise<Me> {
  return apiRequest<Me>(path(appId), { method: 'DELETE' });
}

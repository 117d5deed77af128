import { apiRequest } from '../../../lib/api-client.js';
import { SUBSCRIPTIONS_PATH, type Subscriptions } from './subscriptions-api.js';

const appPath = (appId: string) => `${SUBSCRIPTIONS_PATH}/apps/${encodeURIComponent(appId)}`;

/** Follows one app (idempotent); answers the whole subscriptions object. 404 for an app not seen. */
export function followApp(appId: string): Promise<Subscriptions> {
  return apiRequest<Subscriptions>(appPath(appId), { method: 'PUT' });
}

/** Stops following one app (idempotent); answers the whole subscriptions object. */
export function unfollowApp(appId: string): Promise<Subscriptions> {
  return apiRequest<Subscriptions>(appPath(appId), { method: 'DELETE' });
}

/** Stores the whole subscriptions object (without `email`, which the server takes from the token). */
export function saveSubscriptions(subscriptions: Subscriptions): Promise<Subscriptions> {
  const { email: _email, ...body } = subscriptions;
  return apiRequest<Subscriptions>(SUBSCRIPTIONS_PATH, { method: 'PUT', body });
}

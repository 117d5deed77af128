import { apiRequest } from '../../../lib/api-client.js';

/** What a person may be told about (docs/notifications.md). */
export type SubscriptionEvent = 'down' | 'up' | 'maintenance' | 'notice';

/**
 * The signed-in person's subscriptions as `GET /api/me/subscriptions` answers them: the apps they
 * follow (only those they may still see), whether all their favourites count as followed, and
 * their settings (the settings page, `/settings`, changes those).
 */
export interface Subscriptions {
  apps: string[];
  allFavorites: boolean;
  events: SubscriptionEvent[];
  channels: { email: boolean };
  digestMinutes: number;
  quietHours: { from: string; to: string; timeZone: string } | null;
  /** The address from the identity token; never sent back. */
  email?: string | null;
}

export const SUBSCRIPTIONS_PATH = '/api/me/subscriptions';

/**
 * The signed-in person's subscriptions (401 when nobody is signed in). The changes are in
 * subscription-changes.ts, loaded with the bells (the home page's bundle carries only this).
 */
export function fetchSubscriptions(): Promise<Subscriptions> {
  return apiRequest<Subscriptions>(SUBSCRIPTIONS_PATH);
}

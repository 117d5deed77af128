import type { Subscriptions } from '../api/subscriptions-api.js';
import { followApp, saveSubscriptions, unfollowApp } from '../api/subscription-changes.js';
import type { SubscriptionsStore } from './subscriptions-store.js';

/*
 * The changes to the subscriptions store: with the bells, in the chunk loaded on demand (the
 * home page's bundle carries only the store and its load).
 */

/** Keeps the server's answer, unless the person signed out meanwhile (the store was reset). */
async function keep(store: SubscriptionsStore, request: Promise<Subscriptions>): Promise<void> {
  const subscriptions = await request;
  if (store.getState().subscriptions !== null) store.setState({ subscriptions, failed: false });
}

/** Follows or stops following one app; keeps the server's answer. Rejects on failure. */
export function setFollowing(
  store: SubscriptionsStore,
  appId: string,
  follow: boolean,
): Promise<void> {
  return keep(store, follow ? followApp(appId) : unfollowApp(appId));
}

/** Turns "Follow all my favourites" on or off (the whole object is stored). Rejects on failure. */
export async function setAllFavorites(store: SubscriptionsStore, on: boolean): Promise<void> {
  const current = store.getState().subscriptions;
  if (!current) throw new Error('The subscriptions are not loaded yet.');
  await keep(store, saveSubscriptions({ ...current, allFavorites: on }));
}

/** Whether the app is followed: on its own, or as a favourite while all favourites are. */
export function followState(
  subscriptions: Subscriptions | null,
  appId: string,
  isFavorite: boolean,
): 'own' | 'favorite' | 'no' {
  if (!subscriptions) return 'no';
  if (subscriptions.apps.includes(appId)) return 'own';
  return subscriptions.allFavorites && isFavorite ? 'favorite' : 'no';
}

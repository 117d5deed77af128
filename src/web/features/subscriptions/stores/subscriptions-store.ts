import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Subscriptions } from '../api/subscriptions-api.js';

export interface SubscriptionsState {
  /** The signed-in person's subscriptions; null until loaded (or when nobody is signed in). */
  subscriptions: Subscriptions | null;
  /** True when the last load failed (the bells then stay away). */
  failed: boolean;
  /** Loads them (after sign-in); a call while a load is on its way joins it. */
  load(): Promise<void>;
  /** Forgets them (sign-out). */
  reset(): void;
}

export interface SubscriptionsDeps {
  fetchSubscriptions(): Promise<Subscriptions>;
  logError?(message: string, error: unknown): void;
}

export type SubscriptionsStore = StoreApi<SubscriptionsState>;

/**
 * What the signed-in person follows, shared by every card's bell and the favourites' switch: one
 * `GET /api/me/subscriptions` after sign-in; each change then keeps the whole object the server
 * answers (subscription-actions.ts, loaded with the bells), so that the bells and the switch
 * always agree with the server.
 */
export function createSubscriptionsStore(deps: SubscriptionsDeps): SubscriptionsStore {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  // Bumped by reset: an answer that comes back after a sign-out is dropped.
  let generation = 0;
  let loading: Promise<void> | null = null;
  return createStore<SubscriptionsState>()((set) => ({
    subscriptions: null,
    failed: false,
    load() {
      if (loading) return loading;
      const started = generation;
      const current: Promise<void> = deps
        .fetchSubscriptions()
        .then(
          (subscriptions) => {
            if (started === generation) set({ subscriptions, failed: false });
          },
          (error: unknown) => {
            logError('Could not load your subscriptions.', error);
            if (started === generation) set({ failed: true });
          },
        )
        .finally(() => {
          if (loading === current) loading = null;
        });
      loading = current;
      return current;
    },
    reset() {
      generation += 1;
      loading = null;
      set({ subscriptions: null, failed: false });
    },
  }));
}

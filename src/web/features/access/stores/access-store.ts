import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AccessRequest } from '../api/access-api.js';

export interface AccessState {
  /** The signed-in user's requests; null until loaded (or when nobody is signed in). */
  requests: AccessRequest[] | null;
  /** True when the last load failed. */
  failed: boolean;
  /**
   * Loads the user's requests (after sign-in, and again after a change). Sending and
   * withdrawing (components/locked-access.tsx, loaded on demand) call the API, then this.
   */
  load(): Promise<void>;
  /** Forgets the requests (sign-out). */
  reset(): void;
}

export interface AccessDeps {
  fetchMyRequests(): Promise<AccessRequest[]>;
  logError?(message: string, error: unknown): void;
}

export type AccessStore = StoreApi<AccessState>;

export function createAccessStore(deps: AccessDeps): AccessStore {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  let latest = 0;
  return createStore<AccessState>()((set) => ({
    requests: null,
    failed: false,
    async load() {
      const call = ++latest;
      try {
        const requests = await deps.fetchMyRequests();
        if (call === latest) set({ requests, failed: false });
      } catch (error) {
        logError('Could not load your access requests.', error);
        if (call === latest) set({ failed: true });
      }
    },
    reset() {
      latest += 1;
      set({ requests: null, failed: false });
    },
  }));
}

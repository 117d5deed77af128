import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CatalogApp, FetchAppsOptions } from '../api/apps.js';

export interface CatalogState {
  /** The apps the caller may see (locked cards included); null until the first answer. */
  apps: CatalogApp[] | null;
  /** True while a (re)load is under way. */
  loading: boolean;
  /** True when the last load failed (the list is then empty, as the spec says). */
  failed: boolean;
  /** Why the last load failed (for the text shown, `errorText`); null when it did not. */
  error: unknown;
  load(options?: FetchAppsOptions): Promise<void>;
}

export interface CatalogDeps {
  fetchAllApps(options?: FetchAppsOptions): Promise<CatalogApp[]>;
  /** The apps a server-rendered page came with: the store starts loaded (null: not loaded). */
  initialApps?: CatalogApp[] | null;
  logError?(message: string, error: unknown): void;
}

export type CatalogStore = StoreApi<CatalogState>;

export function createCatalogStore(deps: CatalogDeps): CatalogStore {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  let latest = 0;
  return createStore<CatalogState>()((set) => ({
    // Also the state React renders during hydration (useSyncExternalStore's server snapshot).
    apps: deps.initialApps ?? null,
    loading: false,
    failed: false,
    error: null,
    async load(options) {
      const request = ++latest;
      set({ loading: true });
      try {
        const apps = await deps.fetchAllApps(options);
        if (request === latest) set({ apps, loading: false, failed: false, error: null });
      } catch (error) {
        logError('Could not load the apps.', error);
        if (request === latest) set({ apps: [], loading: false, failed: true, error });
      }
    },
  }));
}

/**
 * The search engine (src/shared/search/search-index.ts with Fuse.js, about 12 KB gzip) is loaded
 * on demand, when the search field gets the focus or a query needs it (a `?q=` link), so it is
 * not part of the home page's initial load (`npm run check:budget`).
 */
import type * as SearchIndexModule from '../../../../shared/search/search-index.js';

export type SearchEngine = typeof SearchIndexModule;

let loading: Promise<SearchEngine> | null = null;
let loaded: SearchEngine | null = null;

export function loadSearchEngine(): Promise<SearchEngine> {
  loading ??= import('../../../../shared/search/search-index.js').then(
    (engine) => (loaded = engine),
    (error: unknown) => {
      loading = null; // try again next time (a new deployment may have replaced the chunk)
      throw error;
    },
  );
  return loading;
}

/**
 * The engine, given at once where it is part of the bundle anyway: the server's rendering
 * (entry-server.tsx), so that a `?q=` page is rendered with its hits and their marks, as the
 * browser renders it once the engine has arrived.
 */
export function provideSearchEngine(engine: SearchEngine): void {
  loaded = engine;
  loading = Promise.resolve(engine);
}

/** The engine when it has already arrived, else null. */
export function loadedSearchEngine(): SearchEngine | null {
  return loaded;
}

/** Starts loading the engine without waiting for it (on focus: ready by the first keystroke). */
export function preloadSearchEngine(): void {
  loadSearchEngine().catch((error: unknown) => console.warn('Could not load the search.', error));
}

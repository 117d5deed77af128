import { useEffect, useMemo, useState } from 'react';
import type {
  SearchableApp,
  SearchHit,
  SearchStatus,
} from '../../../../shared/search/search-index.js';
import { loadedSearchEngine, loadSearchEngine, type SearchEngine } from '../utils/search-engine.js';

export interface SearchHitsInput<T extends SearchableApp> {
  /** The apps the user can see (null while loading). */
  apps: readonly T[] | null;
  query: string;
  /** Status per app id, for `status:`. Keep it the same object while nothing changed. */
  statusById: ReadonlyMap<string, SearchStatus>;
  /** The signed-in user's favorites, for `fav`. Keep it the same object while nothing changed. */
  favoriteIds: ReadonlySet<string>;
  /** Apps flapping now, for `status:flapping`. Keep it the same object while nothing changed. */
  flappingIds?: ReadonlySet<string>;
}

/**
 * The apps matching the query, best first, or null when there is nothing to filter: an empty
 * query (or one with only an unfinished filter such as `env:`), apps not loaded yet, or the
 * engine still on its way. The index is built once per list of apps.
 */
export function useSearchHits<T extends SearchableApp>({
  apps,
  query,
  statusById,
  favoriteIds,
  flappingIds,
}: SearchHitsInput<T>): SearchHit<T>[] | null {
  // The engine (and its query parser) loads once there is anything to search for.
  const engine = useSearchEngine(query.trim() !== '');
  const parsed = useMemo(() => engine?.parseSearchQuery(query) ?? null, [engine, query]);
  const searching = parsed !== null && engine !== null && !engine.isEmptyQuery(parsed);
  const index = useMemo(
    () => (engine && apps ? engine.createSearchIndex(apps) : null),
    [engine, apps],
  );
  return useMemo(
    () =>
      searching && parsed && index
        ? index.search(parsed, { statusById, favoriteIds, flappingIds })
        : null,
    [searching, index, parsed, statusById, favoriteIds, flappingIds],
  );
}

/** The search engine once loaded; loading starts when `wanted` first becomes true. */
function useSearchEngine(wanted: boolean): SearchEngine | null {
  const [engine, setEngine] = useState(loadedSearchEngine);
  useEffect(() => {
    if (!wanted || engine) return;
    let current = true;
    loadSearchEngine().then(
      (loaded) => {
        if (current) setEngine(loaded);
      },
      (error: unknown) => console.warn('Could not load the search.', error),
    );
    return () => {
      current = false;
    };
  }, [wanted, engine]);
  // Preloaded on focus: use it from the first render that wants it.
  return engine ?? loadedSearchEngine();
}

import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { SearchHit, SearchStatus } from '../../shared/search/search-index.js';
import { FLAPPING_CHANGES } from '../../shared/status/history.js';
import { statusKind } from '../../shared/status/status-codes.js';
import { isLocked, type CatalogApp } from '../features/catalog/api/apps.js';
import { safeHref } from '../features/catalog/components/app-card.js';
import { environmentLabel } from '../features/catalog/components/environment-badge.js';
import { sectionTitle } from '../features/catalog/utils/sections.js';
import type { SearchResult } from '../features/search/components/search-bar.js';
import { useSearchHits } from '../features/search/hooks/use-search-hits.js';
import { useT, type Translate } from '../lib/i18n.js';
import type { AppStores } from './create-stores.js';

export interface AppSearch {
  /** The matching apps, best first, for the sections; null when not searching. */
  hits: SearchHit<CatalogApp>[] | null;
  /** The same, as the search bar lists them. */
  results: SearchResult[] | null;
}

const NO_STATUS = (): undefined => undefined;

/**
 * Runs the search over the loaded apps with what the other features know: each app's status
 * (matched by link as the status indicator does) for `status:`, the favorites for `fav`.
 */
export function useAppSearch(stores: AppStores, query: string): AppSearch {
  const t = useT();
  const apps = useStore(stores.catalog, (state) => state.apps);
  const isAuthenticated = useStore(stores.session, (state) => state.isAuthenticated);
  const favorites = useStore(stores.session, (state) => state.favorites);
  // Status only matters while searching (`status:`, flapping). Not searching, these select
  // constants: status answers then re-render the cards' own status parts, not the whole app.
  const searching = query.trim() !== '';
  const lookup = useStore(stores.status, (state) => (searching ? state.lookup : NO_STATUS));
  const strips = useStore(stores.status, (state) => (searching ? state.strips : null));

  const statusById = useMemo(() => {
    const byId = new Map<string, SearchStatus>();
    for (const app of apps ?? []) {
      // A locked card has no status (the server sends none for it): `status:` never finds it.
      if (isLocked(app)) continue;
      const code = lookup(app);
      byId.set(app.id, code === undefined ? 'unknown' : statusKind(code));
    }
    return byId;
  }, [apps, lookup]);
  const favoriteIds = useMemo(
    () => new Set(isAuthenticated ? favorites.map((app) => app.id) : []),
    [isAuthenticated, favorites],
  );

  const flappingIds = useMemo(
    () =>
      new Set(
        [...(strips?.values() ?? [])]
          .filter((strip) => strip.changesLastHour >= FLAPPING_CHANGES)
          .map((strip) => strip.appId),
      ),
    [strips],
  );

  const hits = useSearchHits({ apps, query, statusById, favoriteIds, flappingIds });
  const results = useMemo(
    () => hits?.map(({ app, nameMatches }) => toResult(t, app, nameMatches)) ?? null,
    [t, hits],
  );
  return { hits, results };
}

function toResult(
  t: Translate,
  app: CatalogApp,
  nameMatches: SearchResult['nameMatches'],
): SearchResult {
  return {
    id: app.id,
    name: app.name,
    nameMatches,
    section: sectionTitle(t, app.category),
    environment: environmentLabel(t, app.env),
    href: isLocked(app) ? undefined : safeHref(app.link ?? ''),
  };
}

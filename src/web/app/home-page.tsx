import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { App } from '../../shared/api/schemas.js';
import { MESSAGES } from '../../shared/messages.js';
import { highlightParts } from '../../shared/search/highlight.js';
import type { SearchHit } from '../../shared/search/search-index.js';
import type { SessionStore } from '../features/auth/stores/session-store.js';
import { AppCard } from '../features/catalog/components/app-card.js';
import { AppSection } from '../features/catalog/components/app-section.js';
import type { CatalogStore } from '../features/catalog/stores/catalog-store.js';
import { groupByCategory } from '../features/catalog/utils/sections.js';
import { SearchEmptyState } from '../features/search/components/search-empty-state.js';
import { FavoriteToggle } from '../features/favorites/components/favorite-toggle.js';
import { AppStatusDetails, AppStatusIndicator } from '../features/status/components/app-status.js';
import { NoticeBanner } from '../features/status/components/notice-banner.js';
import { SimulatedStatusNote } from '../features/status/components/simulated-status-note.js';
import type { StatusStore } from '../features/status/stores/status-store.js';

export interface HomePageProps {
  /** The portal's title, the page's (visually hidden) main heading. */
  title: string;
  session: SessionStore;
  catalog: CatalogStore;
  status: StatusStore;
  /** The search: its matches, best first (null when not searching), and how to clear it. */
  search?: { hits: readonly SearchHit<App>[] | null; query: string; onClear(): void };
}

const NOT_SEARCHING = { hits: null, query: '', onClear: () => {} };

/**
 * The home screen: Favorites (when there are any), then one section per category. While
 * searching, only the matching apps, best first within each section; sections without any
 * disappear, and a friendly message replaces them all when nothing matches.
 */
export function HomePage({
  title,
  session,
  catalog,
  status,
  search = NOT_SEARCHING,
}: HomePageProps) {
  const isAuthenticated = useStore(session, (state) => state.isAuthenticated);
  const favorites = useStore(session, (state) => state.favorites);
  const applyMe = useStore(session, (state) => state.applyMe);
  const apps = useStore(catalog, (state) => state.apps);
  const loading = useStore(catalog, (state) => state.loading);
  const failed = useStore(catalog, (state) => state.failed);

  const { hits } = search;
  const shownApps = useMemo(() => (hits ? hits.map((hit) => hit.app) : (apps ?? [])), [hits, apps]);
  const sections = useMemo(() => groupByCategory(shownApps), [shownApps]);
  const favoriteIds = useMemo(() => new Set(favorites.map((app) => app.id)), [favorites]);
  const shownFavorites = hits ? shownApps.filter((app) => favoriteIds.has(app.id)) : favorites;
  const nameMatches = useMemo(
    () => new Map(hits?.map((hit) => [hit.app.id, hit.nameMatches])),
    [hits],
  );

  const card = (app: App) => {
    const matches = nameMatches.get(app.id);
    return (
      <AppCard
        key={app.id}
        app={app}
        nameParts={matches?.length ? highlightParts(app.name, matches) : undefined}
        status={<AppStatusIndicator app={app} store={status} />}
        statusDetails={<AppStatusDetails app={app} store={status} />}
        favoriteToggle={
          isAuthenticated ? (
            <FavoriteToggle app={app} isFavorite={favoriteIds.has(app.id)} onChanged={applyMe} />
          ) : undefined
        }
      />
    );
  };

  return (
    <main className="mx-auto flex w-full max-w-screen-2xl flex-1 flex-col gap-10 px-4 py-8">
      <h1 className="sr-only">{title.trim() || 'Home'}</h1>
      <SimulatedStatusNote store={status} />
      <NoticeBanner store={status} />
      {isAuthenticated && shownFavorites.length > 0 && (
        <AppSection title="Favorites">{shownFavorites.map(card)}</AppSection>
      )}
      {apps === null ? (
        <AppSection title="Loading apps" hideTitle busy />
      ) : (
        <>
          {failed && (
            <p role="alert" className="alert alert-error">
              {MESSAGES.generic}
            </p>
          )}
          {!failed && !loading && apps.length === 0 && !hits && (
            <p className="text-base-content/75">No apps to show yet.</p>
          )}
          {!failed && !loading && hits?.length === 0 && (
            <SearchEmptyState query={search.query} onClear={search.onClear} />
          )}
          {sections.map((section) => (
            <AppSection key={section.title} title={section.title} busy={loading}>
              {section.apps.map(card)}
            </AppSection>
          ))}
        </>
      )}
    </main>
  );
}

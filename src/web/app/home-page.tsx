import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { highlightParts } from '../../shared/search/highlight.js';
import type { MatchRange, SearchHit } from '../../shared/search/search-index.js';
import type { AccessStore } from '../features/access/stores/access-store.js';
import type { SessionState, SessionStore } from '../features/auth/stores/session-store.js';
import { isLocked, type CatalogApp } from '../features/catalog/api/apps.js';
import { AppCard } from '../features/catalog/components/app-card.js';
import { AppSection } from '../features/catalog/components/app-section.js';
import { sectionElementId } from '../features/catalog/components/category-bar.js';
import { useCollapsedCategories } from '../features/catalog/hooks/use-collapsed-categories.js';
import { useDensity } from '../features/density/hooks/use-density.js';
import type { Density } from '../../shared/density/density.js';
import { HomeToolbar } from './home-toolbar.js';
import { LockedAppCard } from '../features/catalog/components/locked-app-card.js';
import type { CatalogStore } from '../features/catalog/stores/catalog-store.js';
import { groupByCategory } from '../features/catalog/utils/sections.js';
import { SearchEmptyState } from '../features/search/components/search-empty-state.js';
import { FavoriteToggle } from '../features/favorites/components/favorite-toggle.js';
import { ReportProblem } from '../features/report/components/report-problem.js';
import { canReport } from '../features/report/utils/report-address.js';
import { AppStatusDetails, AppStatusIndicator } from '../features/status/components/app-status.js';
import { NoticeBanner } from '../features/status/components/notice-banner.js';
import { SimulatedStatusNote } from '../features/status/components/simulated-status-note.js';
import type { StatusStore } from '../features/status/stores/status-store.js';
import type { SubscriptionsStore } from '../features/subscriptions/stores/subscriptions-store.js';
import { errorText } from '../lib/error-text.js';
import { useLocale } from '../lib/i18n.js';
import { HydrateLater, TURN_WEIGHT } from '../ui/hydrate-later.js';
import { useHydrated } from '../ui/use-hydrated.js';
import { WhenHydrated } from '../ui/when-hydrated.js';

// The request parts load on demand (access-parts.tsx): pages without locked cards never do.
const AccessPart = lazy(() => import('./access-parts.js'));
// The bells and "Follow all my favorites" load once the user's subscriptions have arrived.
const SubscriptionPart = lazy(() => import('./subscription-parts.js'));

export interface HomePageProps {
  /** The portal's title, the page's (visually hidden) main heading. */
  title: string;
  session: SessionStore;
  catalog: CatalogStore;
  status: StatusStore;
  /** The signed-in user's access requests (locked cards, "Access until"). */
  access: AccessStore;
  /** What the signed-in user follows (the cards' bells, "Follow all my favourites"). */
  subscriptions: SubscriptionsStore;
  /** The search: its matches, best first (null when not searching), and how to clear it. */
  search?: { hits: readonly SearchHit<CatalogApp>[] | null; query: string; onClear(): void };
  /** The view the server rendered the page with (density, collapsed categories); else cookies. */
  view?: { density?: Density; collapsed?: readonly string[] };
  /** Where the view switch without JavaScript comes back to (the page's path and query). */
  returnTo?: string;
}

const NOT_SEARCHING = { hits: null, query: '', onClear: () => {} };

/** Putting favorites in order: its own chunk, loaded when someone opens it. */
const FavoriteOrderEditor = lazy(
  () => import('../features/favorites/components/favorite-order-editor.js'),
);

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
  access,
  subscriptions,
  search = NOT_SEARCHING,
  view,
  returnTo,
}: HomePageProps) {
  const locale = useLocale();
  const [density, setDensity] = useDensity(view?.density);
  const [collapsed, setCollapsed] = useCollapsedCategories(view?.collapsed);
  const { t } = locale;
  const isAuthenticated = useStore(session, (state) => state.isAuthenticated);
  const favorites = useStore(session, (state) => state.favorites);
  const applyMe = useStore(session, (state) => state.applyMe);
  const apps = useStore(catalog, (state) => state.apps);
  const loading = useStore(catalog, (state) => state.loading);
  const failed = useStore(catalog, (state) => state.failed);
  const loadError = useStore(catalog, (state) => state.error);
  const requests = useStore(access, (state) => state.requests);
  // Requests are the browser's own (never in the server's page): shown once hydrated and loaded.
  const hydrated = useHydrated();
  const showAccess = isAuthenticated && hydrated && requests !== null;
  const followsLoaded = useStore(subscriptions, (state) => state.subscriptions !== null);
  const showFollow = isAuthenticated && hydrated && followsLoaded;
  const refreshStores = useMemo(() => ({ session, catalog, access }), [session, catalog, access]);
  const timeBoxed = useMemo(
    () =>
      new Set(
        (requests ?? []).filter((r) => r.status === 'approved' && r.expiresAt).map((r) => r.appId),
      ),
    [requests],
  );
  const [reordering, setReordering] = useState(false);
  const reorderButton = useRef<HTMLButtonElement>(null);
  const reordered = useRef(false);
  useEffect(() => {
    // Back from the editor: the focus returns to the button that opened it.
    if (reordering) reordered.current = true;
    else if (reordered.current) reorderButton.current?.focus();
  }, [reordering]);

  const { hits } = search;
  const shownApps = useMemo(() => (hits ? hits.map((hit) => hit.app) : (apps ?? [])), [hits, apps]);
  const sections = useMemo(
    () => groupByCategory(shownApps, t, locale.language),
    [shownApps, t, locale.language],
  );
  // A locked card never counts as a favourite, even if the user marked the app before.
  const lockedIds = useMemo(
    () => new Set((apps ?? []).filter(isLocked).map((app) => app.id)),
    [apps],
  );
  const favoriteIds = useMemo(
    () => new Set(favorites.filter((app) => !lockedIds.has(app.id)).map((app) => app.id)),
    [favorites, lockedIds],
  );
  const shownFavorites: readonly CatalogApp[] = hits
    ? shownApps.filter((app) => !isLocked(app) && favoriteIds.has(app.id))
    : favorites.filter((app) => favoriteIds.has(app.id));
  const nameMatches = useMemo(
    () => new Map(hits?.map((hit) => [hit.app.id, hit.nameMatches])),
    [hits],
  );

  const card = (app: CatalogApp) => (
    <HomeCard
      key={app.id}
      app={app}
      matches={nameMatches.get(app.id)}
      showAccess={showAccess}
      timeBoxed={timeBoxed.has(app.id)}
      favorite={isAuthenticated ? favoriteIds.has(app.id) : undefined}
      showFollow={showFollow}
      onFavoriteChanged={applyMe}
      status={status}
      access={access}
      subscriptions={subscriptions}
    />
  );

  return (
    <main className="mx-auto flex w-full max-w-screen-2xl flex-1 flex-col gap-10 px-4 py-8">
      <h1 className="sr-only">{title.trim() || 'Home'}</h1>
      {/* While a card is locked (a request may be decided) or access is time-boxed (it may end). */}
      {showAccess && (lockedIds.size > 0 || timeBoxed.size > 0) && (
        <Suspense fallback={null}>
          <AccessPart part="refresh" stores={refreshStores} />
        </Suspense>
      )}
      {showFollow && (
        <Suspense fallback={null}>
          <SubscriptionPart part="styles" />
        </Suspense>
      )}
      <SimulatedStatusNote store={status} />
      <NoticeBanner store={status} signedIn={isAuthenticated} />
      {isAuthenticated && reordering && !hits ? (
        <Suspense fallback={<AppSection title={t('favorites.title')} busy />}>
          <FavoriteOrderEditor
            favorites={favorites}
            onChanged={applyMe}
            onDone={() => setReordering(false)}
            // No bell on a favourite the user may no longer open (a locked card has none).
            follow={(app) =>
              showFollow && !lockedIds.has(app.id) ? (
                <Suspense fallback={null}>
                  <SubscriptionPart part="bell" app={app} isFavorite store={subscriptions} />
                </Suspense>
              ) : null
            }
            followAll={
              showFollow && (
                <Suspense fallback={null}>
                  <SubscriptionPart part="all" store={subscriptions} />
                </Suspense>
              )
            }
          />
        </Suspense>
      ) : (
        isAuthenticated &&
        shownFavorites.length > 0 && (
          <AppSection
            title={t('favorites.title')}
            actions={
              !hits &&
              favorites.length > 1 && (
                <button
                  ref={reorderButton}
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={t('favorites.reorderLabel')}
                  disabled={!hydrated}
                  onClick={() => setReordering(true)}
                >
                  {t('favorites.reorder')}
                </button>
              )
            }
          >
            {shownFavorites.map(card)}
          </AppSection>
        )
      )}
      {apps === null ? (
        <AppSection title={t('catalog.loading')} hideTitle busy />
      ) : (
        <>
          {failed && (
            <p role="alert" className="alert alert-error">
              {errorText(locale, loadError)}
            </p>
          )}
          {!failed && !loading && apps.length === 0 && !hits && (
            <p className="text-base-content/75">{t('catalog.empty')}</p>
          )}
          {!failed && !loading && hits?.length === 0 && (
            <SearchEmptyState query={search.query} onClear={search.onClear} />
          )}
          {sections.length > 0 && (
            <HomeToolbar
              sections={sections}
              onJump={(token) => setCollapsed(token, false)}
              density={density}
              onDensity={setDensity}
              returnTo={returnTo}
            />
          )}
          {sections.map((section) => (
            // A section hydrates in a turn of its own, and its cards in turns after it: the first
            // task does not even render the cards (decision 0049).
            <HydrateLater
              key={section.title}
              weight={TURN_WEIGHT}
              name={sectionElementId(section.token)}
            >
              <AppSection
                title={section.title}
                busy={loading}
                id={sectionElementId(section.token)}
                collapse={{
                  // While searching every section with a match is open.
                  collapsed: !hits && collapsed.has(section.token),
                  onToggle: (isCollapsed) => setCollapsed(section.token, isCollapsed),
                }}
              >
                {section.apps.map(card)}
              </AppSection>
            </HydrateLater>
          ))}
        </>
      )}
    </main>
  );
}

interface HomeCardProps {
  app: CatalogApp;
  /** Where the search matched the name (highlighted), when searching. */
  matches: readonly MatchRange[] | undefined;
  /** Whether the signed-in user's requests are loaded (the locked card's request part). */
  showAccess: boolean;
  /** Whether the user's access to this app ends at a set time ("Access until"). */
  timeBoxed: boolean;
  /** Whether it is a favourite; undefined for visitors, who get no toggle. */
  favorite: boolean | undefined;
  /** Whether the signed-in user's subscriptions are loaded (the bell). */
  showFollow: boolean;
  onFavoriteChanged: SessionState['applyMe'];
  status: StatusStore;
  access: AccessStore;
  subscriptions: SubscriptionsStore;
}

/**
 * One card of the home page, locked or not. Its props are values and stable references only, so
 * it renders again only when something it shows changed: the home page's other updates (the end
 * of hydration, a search keystroke, a favourite elsewhere) skip the hundreds of cards they do not
 * touch (decision 0049).
 */
const HomeCard = memo(function HomeCard({
  app,
  matches,
  showAccess,
  timeBoxed,
  favorite,
  showFollow,
  onFavoriteChanged,
  status,
  access,
  subscriptions,
}: HomeCardProps) {
  const nameParts = matches?.length ? highlightParts(app.name, matches) : undefined;
  if (isLocked(app)) {
    return (
      <HydrateLater name={app.id}>
        <LockedAppCard
          app={app}
          nameParts={nameParts}
          access={
            showAccess ? (
              <WhenHydrated>
                <Suspense fallback={null}>
                  <AccessPart part="locked" app={app} store={access} />
                </Suspense>
              </WhenHydrated>
            ) : undefined
          }
        />
      </HydrateLater>
    );
  }
  // Each card hydrates in a later turn, a few cards per browser task (hydrate-later.tsx); a click
  // on one of its buttons before then hydrates it first.
  return (
    <HydrateLater name={app.id}>
      <AppCard
        app={app}
        nameParts={nameParts}
        status={<AppStatusIndicator app={app} store={status} />}
        statusDetails={
          <>
            <AppStatusDetails app={app} store={status} />
            {showAccess && timeBoxed && (
              <WhenHydrated>
                <Suspense fallback={null}>
                  <AccessPart part="until" appId={app.id} store={access} />
                </Suspense>
              </WhenHydrated>
            )}
          </>
        }
        favoriteToggle={
          favorite !== undefined ? (
            <FavoriteToggle app={app} isFavorite={favorite} onChanged={onFavoriteChanged} />
          ) : undefined
        }
        // Signed in (a favourite state): the bell, once the subscriptions are loaded.
        follow={
          showFollow && favorite !== undefined ? (
            <WhenHydrated>
              <Suspense fallback={null}>
                <SubscriptionPart
                  part="bell"
                  app={app}
                  isFavorite={favorite}
                  store={subscriptions}
                />
              </Suspense>
            </WhenHydrated>
          ) : undefined
        }
        // Signed in (a favourite state) and the app has a support e-mail address.
        report={favorite !== undefined && canReport(app) ? <ReportProblem app={app} /> : undefined}
      />
    </HydrateLater>
  );
});

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { PageState } from '../../shared/api/page-schemas.js';
import { usePortalInfo } from '../features/portal/hooks/use-portal-info.js';
import { PortalFooter } from '../features/portal/components/portal-footer.js';
import { SearchBar } from '../features/search/components/search-bar.js';
import { useSearchQuery } from '../features/search/hooks/use-search-query.js';
import { useStatusPolling } from '../features/status/hooks/use-status-polling.js';
import { useT } from '../lib/i18n.js';
import { HydrateLater } from '../ui/hydrate-later.js';
import { ToastProvider } from '../ui/toast.js';
import { IdRoot } from '../ui/use-id.js';
import { bootstrap, createStores, type AppEnvironment } from './create-stores.js';
import { Header } from './header.js';
import { HomePage } from './home-page.js';
import { NotFoundPage } from './not-found-page.js';
import { useRoute } from './routes.js';
import { useAppSearch } from './use-app-search.js';

// The screens for signed-in users, the admin console (/admin) and the approvers' inbox
// (/requests), are chunks of their own with their account gate: the home page never loads them
// (scripts/check-budget.mjs).
const AdminRoute = lazy(() => import('./admin-route.js'));
const RequestsPage = lazy(() => import('./requests-page.js'));

/**
 * The whole SPA: header, home screen (or the lazily loaded admin console) and footer, with the
 * stores wired once. `initial` is the state the server rendered the page with (entry-server.tsx):
 * the stores start from it and nothing is fetched again.
 */
export function App({
  environment,
  initial = null,
}: {
  environment: AppEnvironment;
  initial?: PageState | null;
}) {
  const t = useT();
  const [stores] = useState(() => createStores(environment, initial));
  const { route, go } = useRoute(environment.currentPath);
  const info = usePortalInfo(initial?.portal);

  useEffect(() => {
    void bootstrap(stores);
  }, [stores]);
  useStatusPolling({ store: stores.status, isReady: stores.appsLoaded });

  const search = useSearchQuery(initial?.search);
  const { hits, results } = useAppSearch(stores, search.query);
  const searchInput = useRef<HTMLInputElement>(null);
  const { clear } = search;
  const clearSearch = useCallback(() => {
    clear();
    searchInput.current?.focus();
  }, [clear]);

  return (
    <IdRoot>
      <ToastProvider>
        <div className="bg-base-200/40 flex min-h-screen flex-col">
          <Header
            info={info}
            session={stores.session}
            go={go}
            theme={initial?.theme}
            returnTo={initial ? `/${initial.search}` : environment.currentPath()}
            search={
              route === 'home' && (
                <SearchBar search={search} results={results} inputRef={searchInput} />
              )
            }
          />
          {route === 'admin' || route === 'requests' ? (
            <Suspense
              fallback={
                <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-10">
                  <p role="status">
                    {t(route === 'admin' ? 'app.loading.admin' : 'app.loading.requests')}
                  </p>
                </main>
              }
            >
              {route === 'admin' ? (
                <AdminRoute
                  session={stores.session}
                  signInAvailable={info?.signInAvailable !== false}
                  status={stores.status}
                  onCatalogChanged={() => void stores.catalog.getState().load()}
                />
              ) : (
                <RequestsPage
                  session={stores.session}
                  signInAvailable={info?.signInAvailable !== false}
                />
              )}
            </Suspense>
          ) : route === 'not-found' ? (
            <NotFoundPage title={info?.title ?? ''} go={go} />
          ) : (
            <HomePage
              title={info?.title ?? ''}
              session={stores.session}
              catalog={stores.catalog}
              status={stores.status}
              access={stores.access}
              subscriptions={stores.subscriptions}
              search={{ hits, query: search.query, onClear: clearSearch }}
              view={
                initial ? { density: initial.density, collapsed: initial.collapsed } : undefined
              }
              returnTo={initial ? `/${initial.search}` : environment.currentPath()}
            />
          )}
          <HydrateLater weight={2}>
            <PortalFooter info={info} />
          </HydrateLater>
        </div>
      </ToastProvider>
    </IdRoot>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { usePortalInfo } from '../features/portal/hooks/use-portal-info.js';
import { PortalFooter } from '../features/portal/components/portal-footer.js';
import { SearchBar } from '../features/search/components/search-bar.js';
import { useSearchQuery } from '../features/search/hooks/use-search-query.js';
import { useStatusPolling } from '../features/status/hooks/use-status-polling.js';
import { ToastProvider } from '../ui/toast.js';
import { AdminRoute } from './admin-route.js';
import { bootstrap, createStores, type AppEnvironment } from './create-stores.js';
import { Header } from './header.js';
import { HomePage } from './home-page.js';
import { useRoute } from './routes.js';
import { useAppSearch } from './use-app-search.js';

/** The whole SPA: header, home screen and footer, with the stores wired once. */
export function App({ environment }: { environment: AppEnvironment }) {
  const [stores] = useState(() => createStores(environment));
  const { route, go } = useRoute(environment.currentPath);
  const info = usePortalInfo();

  useEffect(() => {
    void bootstrap(stores);
  }, [stores]);
  useStatusPolling({ store: stores.status, isReady: stores.appsLoaded });

  const search = useSearchQuery();
  const { hits, results } = useAppSearch(stores, search.query);
  const searchInput = useRef<HTMLInputElement>(null);
  const { clear } = search;
  const clearSearch = useCallback(() => {
    clear();
    searchInput.current?.focus();
  }, [clear]);

  return (
    <ToastProvider>
      <div className="bg-base-200/40 flex min-h-screen flex-col">
        <Header
          info={info}
          session={stores.session}
          go={go}
          search={
            route === 'home' && (
              <SearchBar search={search} results={results} inputRef={searchInput} />
            )
          }
        />
        {route === 'admin' ? (
          <AdminRoute
            session={stores.session}
            status={stores.status}
            onCatalogChanged={() => void stores.catalog.getState().load()}
          />
        ) : (
          <HomePage
            title={info?.title ?? ''}
            session={stores.session}
            catalog={stores.catalog}
            status={stores.status}
            search={{ hits, query: search.query, onClear: clearSearch }}
          />
        )}
        <PortalFooter info={info} />
      </div>
    </ToastProvider>
  );
}

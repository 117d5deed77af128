import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { routeOf, type Route } from '../../shared/routes/client-routes.js';

export {
  ADMIN_PATH,
  HOME_PATH,
  REQUESTS_PATH,
  routeOf,
  type Route,
} from '../../shared/routes/client-routes.js';

/**
 * The current route, from the path the app started on, then from the browser's history
 * (back/forward). `go(path)` moves without reloading the page.
 */
export function useRoute(initialPath: () => string): { route: Route; go(path: string): void } {
  const [route, setRoute] = useState<Route>(() => routeOf(initialPath()));
  useEffect(() => {
    const onPopState = () => setRoute(routeOf(window.location.pathname));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const go = useCallback((path: string) => {
    window.history.pushState(null, '', path);
    setRoute(routeOf(path));
  }, []);
  return { route, go };
}

/** A plain click on an in-app link moves with `go`; modified clicks keep the browser's way. */
export function followInApp(event: MouseEvent<HTMLAnchorElement>, go: (path: string) => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  event.preventDefault();
  go(event.currentTarget.getAttribute('href') ?? '/');
}

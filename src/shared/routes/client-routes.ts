/**
 * The pages of the portal, known to the server (which answers any other path with a 404 page) and
 * to the browser (which renders them): the home page, the admin console under /admin, and the
 * access-request inbox of approvers at /requests.
 */
export type Route = 'home' | 'admin' | 'requests' | 'not-found';

export const HOME_PATH = '/';
export const ADMIN_PATH = '/admin';
/** The approvers' inbox of access requests (docs/access-requests.md). */
export const REQUESTS_PATH = '/requests';

/**
 * `/` is the home page, `/admin` and anything under it the console, `/requests` (exactly) the
 * inbox, any other path no page.
 */
export function routeOf(path: string): Route {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (pathname === HOME_PATH) return 'home';
  if (pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`)) return 'admin';
  if (pathname === REQUESTS_PATH) return 'requests';
  return 'not-found';
}

/** The portal's name where it has none configured. */
export const DEFAULT_PORTAL_TITLE = 'App Portal';

/**
 * The document title of the not-found page, on the server's 404 page and in the browser:
 * `heading` is "Page not found" in the page's language.
 */
export function notFoundTitle(portalTitle: string, heading: string): string {
  return `${heading} · ${portalTitle.trim() || DEFAULT_PORTAL_TITLE}`;
}

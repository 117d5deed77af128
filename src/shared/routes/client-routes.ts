/**
 * The pages of the portal, known to the server (which answers any other path with a 404 page) and
 * to the browser (which renders them): the home page, and the admin console under /admin.
 */
export type Route = 'home' | 'admin' | 'not-found';

export const HOME_PATH = '/';
export const ADMIN_PATH = '/admin';

/** `/` is the home page, `/admin` and anything under it the console, any other path no page. */
export function routeOf(path: string): Route {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (pathname === HOME_PATH) return 'home';
  if (pathname === ADMIN_PATH || pathname.startsWith(`${ADMIN_PATH}/`)) return 'admin';
  return 'not-found';
}

/** The portal's name where it has none configured. */
export const DEFAULT_PORTAL_TITLE = 'App Portal';

/** The document title of the not-found page, on the server's 404 page and in the browser. */
export function notFoundTitle(portalTitle: string): string {
  return `Page not found · ${portalTitle.trim() || DEFAULT_PORTAL_TITLE}`;
}

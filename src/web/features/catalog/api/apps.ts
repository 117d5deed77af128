import type { LockedApp } from '../../../../shared/api/access-schemas.js';
import type { App, AppList } from '../../../../shared/api/schemas.js';

/**
 * An item of GET /api/apps: an app the caller may use, or (signed in, outside its groups) a
 * locked card of an app they may request (`locked: true`, no links, no status).
 */
export type CatalogApp = App | LockedApp;

/**
 * Whether an item is a locked card (isLockedApp of access-schemas.ts, which the bundle must not
 * import: it would bring TypeBox along).
 */
export function isLocked(app: CatalogApp): app is LockedApp {
  return 'locked' in app && app.locked === true;
}
import { apiRequest } from '../../../lib/api-client.js';

/**
 * The client loads the whole list in pages of this size, the API's maximum (MAX_PER_PAGE; a
 * test keeps them equal). Not imported: the schemas module would bring TypeBox into the bundle.
 */
export const APPS_BATCH_SIZE = 500;
/** A guard against a runaway listing: 100 pages of 500 apps is far beyond any portal. */
const MAX_PAGES = 100;

export interface FetchAppsOptions {
  /** Ask without the session cookie, so the server answers with the public apps only. */
  publicOnly?: boolean;
}

/** Every app the caller may see (the server decides), loaded in pages of 500. */
export async function fetchAllApps(options: FetchAppsOptions = {}): Promise<CatalogApp[]> {
  const credentials: RequestCredentials = options.publicOnly ? 'omit' : 'same-origin';
  const page = (number: number) =>
    apiRequest<Omit<AppList, 'items'> & { items: CatalogApp[] }>('/api/apps', {
      query: { page: number, perPage: APPS_BATCH_SIZE },
      credentials,
    });
  const first = await page(1);
  const lastPage = Math.min(first.totalPages, MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, lastPage - 1) }, (_, index) => page(index + 2)),
  );
  // Pages are read one after another, so an app moving between them could appear twice.
  const seen = new Set<string>();
  return [first, ...rest]
    .flatMap((list) => list.items)
    .filter((app) => !seen.has(app.id) && seen.add(app.id));
}

import { pageOf } from '../../shared/api/list-schemas.js';
import type { App, AppList } from '../../shared/api/schemas.js';
import type { CatalogSnapshot } from './catalog-snapshot.js';
import type { Viewer } from './visibility.js';

/** Pages remembered per visible list; past this the list's pages are forgotten and rebuilt. */
const MAX_PAGES_PER_VIEW = 64;

/**
 * Lists the apps a viewer may see, one page at a time. A page is a pure function of the visible
 * list (which the snapshot keeps as one array per group set until the catalog changes), the page
 * and the page size, so its serialised JSON is computed once and reused: serialising 30 apps
 * costs more than everything else in the request (decision 0003).
 */
export function createAppsService(deps: { snapshot: CatalogSnapshot }) {
  const serialised = new WeakMap<readonly App[], Map<string, string>>();

  return {
    /** One page as JSON text, serialised by `serialise` at most once per catalog state. */
    async listVisibleAppsJson(
      viewer: Viewer,
      { page, perPage }: { page: number; perPage: number },
      serialise: (list: AppList) => string,
    ): Promise<string> {
      const visible = await deps.snapshot.visibleApps(viewer);
      let pages = serialised.get(visible);
      if (!pages) {
        pages = new Map();
        serialised.set(visible, pages);
      }
      const key = `${page}/${perPage}`;
      let json = pages.get(key);
      if (json === undefined) {
        json = serialise(pageOf(visible, page, perPage));
        if (pages.size >= MAX_PAGES_PER_VIEW) pages.clear();
        pages.set(key, json);
      }
      return json;
    },
  };
}

export type AppsService = ReturnType<typeof createAppsService>;

import type { CatalogList, LockedApp } from '../../shared/api/access-schemas.js';
import { pageOf } from '../../shared/api/list-schemas.js';
import type { App, AppList } from '../../shared/api/schemas.js';
import { etagOf } from '../http/compressed-bodies.js';
import type { CatalogSnapshot } from './catalog-snapshot.js';
import type { Viewer } from './visibility.js';

/** A page of the list as JSON text and its weak ETag, both made once. */
export interface SerialisedPage {
  json: string;
  etag: string;
}

/** Pages remembered per visible list; past this the list's pages are forgotten and rebuilt. */
const MAX_PAGES_PER_VIEW = 64;

/**
 * Lists the apps a viewer may see, one page at a time. A page is a pure function of the visible
 * list (which the snapshot keeps as one array per group set until the catalog changes), the page
 * and the page size, so its serialised JSON is computed once and reused: serialising 30 apps
 * costs more than everything else in the request (decision 0003).
 */
export function createAppsService(deps: { snapshot: CatalogSnapshot }) {
  const serialised = new WeakMap<readonly unknown[], Map<string, SerialisedPage>>();

  function pageJson<T>(
    list: readonly T[],
    { page, perPage }: { page: number; perPage: number },
    serialise: (page: ReturnType<typeof pageOf<T>>) => string,
    language = '',
  ): SerialisedPage {
    let pages = serialised.get(list);
    if (!pages) {
      pages = new Map();
      serialised.set(list, pages);
    }
    const key = `${page}/${perPage}`;
    let found = pages.get(key);
    if (found === undefined) {
      const json = serialise(pageOf(list, page, perPage));
      // The language is part of the ETag: a cache never answers one language with another's
      // page, even when their texts happen to be the same.
      found = { json, etag: etagOf(language === '' ? json : `${language}\n${json}`) };
      if (pages.size >= MAX_PAGES_PER_VIEW) pages.clear();
      pages.set(key, found);
    }
    return found;
  }

  return {
    /**
     * One page of the visible apps as JSON text, serialised at most once per catalog state;
     * links as seen from `network` (docs/networks.md; undefined: as stored).
     */
    async listVisibleAppsJson(
      viewer: Viewer,
      query: { page: number; perPage: number },
      serialise: (list: AppList) => string,
      language?: string,
      network?: string | null,
    ): Promise<string> {
      const apps = await deps.snapshot.visibleApps(viewer, language, network);
      return pageJson<App>(apps, query, serialise).json;
    },

    /**
     * One page of GET /api/apps: the visible apps and, for a signed-in viewer, the locked cards
     * of requestable apps (docs/access-requests.md), with its ETag (a hash of the language
     * and the JSON). Names and descriptions are in `language` (docs/catalog.md); links as seen
     * from `network`, the visitor's network id (docs/networks.md).
     */
    async listCatalogJson(
      viewer: Viewer,
      query: { page: number; perPage: number },
      serialise: (list: CatalogList) => string,
      language?: string,
      network?: string | null,
    ): Promise<SerialisedPage> {
      return pageJson<App | LockedApp>(
        await deps.snapshot.listedApps(viewer, language, network),
        query,
        serialise,
        language,
      );
    },
  };
}

export type AppsService = ReturnType<typeof createAppsService>;

import type {
  AppAccess,
  AppTerms,
  LockedApp,
  LockedAccessInfo,
} from '../../shared/api/access-schemas.js';
import type { App } from '../../shared/api/schemas.js';
import { normalizeGroup } from '../../shared/identity/groups.js';
import type { AppRecord } from './apps.queries.js';
import { SOURCE_LANGUAGE } from '../../shared/i18n/languages.js';
import type { Network } from '../../shared/network/networks.js';
import { appIn, toLocalizedApp, type LocalizedApp, type PlainApp } from './api-app.js';
import { accessOf, fieldsOf, termsOf } from './app-fields.js';
import { hasReach, reachableApp, statusLinkOf, type AppReach } from './reachable-app.js';
import { canSee, type Viewer } from './visibility.js';

/** Distinct group sets remembered at once; far more than a group has, small in memory. */
const MAX_CACHED_VIEWS = 512;

/**
 * The catalog in memory, in listing order, for the read path of GET /api/apps: the table changes
 * rarely (catalog loads, admin edits) and is read on every page view. Every write through an apps
 * repository on the same database invalidates it at once; writes by another process are caught by
 * a cheap fingerprint of the tables (catalogVersion), compared at most once per second
 * (docs/decisions/0003-catalog-snapshot.md). Visibility is the same
 * rule as visibility.ts's canSee, applied to the snapshot; each distinct set of groups gets its
 * filtered list computed once per snapshot.
 *
 * Names and descriptions may be given per language (docs/catalog.md): every list is of one
 * language, its texts plain strings (textIn, falling back to `defaultLanguage`); each language
 * gets its own arrays, so its pages are serialised and cached apart (apps.service.ts).
 *
 * Apps with addresses per network or typed links (docs/networks.md) are seen differently from
 * each network (reachable-app.ts): `listedApps` with the visitor's network gives each network
 * its own arrays too, only when some app has them (otherwise the lists are the plain ones).
 */
export function createCatalogSnapshot(
  source: {
    findAll(): Promise<AppRecord[]>;
    catalogVersion(): Promise<string>;
    onChange(listener: () => void): () => void;
  },
  options: {
    recheckMs?: number;
    now?: () => number;
    defaultLanguage?: string;
    /** The networks admins define (their names and help go into `onlyFrom`). */
    networks?: () => Promise<readonly Network[]>;
  } = {},
) {
  const networksNow = options.networks ?? (() => Promise.resolve([]));
  const recheckMs = options.recheckMs ?? 1000;
  const now = options.now ?? Date.now;
  const defaultLanguage = options.defaultLanguage ?? SOURCE_LANGUAGE;
  let entries: Promise<LocalizedApp[]> | undefined;
  // The whole catalog in each language asked for (texts resolved), made once per snapshot.
  let inLanguage = new Map<string, readonly PlainApp[]>();
  // The catalog in one language as seen from one network (only when some app has reach).
  let atPlace = new Map<string, readonly App[]>();
  // The addresses per network and typed links of the apps that have some, by id.
  let reach = new Map<string, AppReach>();
  // Where the monitor checks those apps (statusLinkOf), by id: their lists may show another link.
  let statusLinks = new Map<string, string>();
  // The access settings of the apps that have some, by id (loaded with the entries).
  let access = new Map<string, AppAccess>();
  // The terms of use of the apps that have some, by id (locked cards of requestable apps only).
  let terms = new Map<string, AppTerms>();
  let listedViews = new Map<string, readonly (App | LockedApp)[]>();
  let loadedVersion: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let views = new Map<string, readonly App[]>();
  const signatures = new WeakMap<readonly Network[], string>();
  let generation = 0;

  function load(): Promise<LocalizedApp[]> {
    const started = generation;
    const pending = source.findAll().then((records) => {
      const settings = new Map<string, AppAccess>();
      const termsById = new Map<string, AppTerms>();
      const reaches = new Map<string, AppReach>();
      const monitored = new Map<string, string>();
      for (const record of records) {
        const value = accessOf(record);
        if (value) settings.set(record.id, value);
        const termsOfApp = value ? termsOf(record) : null;
        if (termsOfApp) termsById.set(record.id, termsOfApp);
        const { addresses, links } = fieldsOf(record);
        const found = { addresses, links };
        if (!hasReach(found)) continue;
        reaches.set(record.id, found);
        monitored.set(record.id, statusLinkOf(record.link, found));
      }
      if (generation === started) {
        access = settings;
        terms = termsById;
        reach = reaches;
        statusLinks = monitored;
      }
      return records.map(toLocalizedApp);
    });
    // A failed load is not cached; nor is a load that raced with a write.
    pending.then(
      () => {
        if (generation !== started) entries = undefined;
      },
      () => {
        entries = undefined;
      },
    );
    return pending;
  }

  const invalidate = (): void => {
    generation += 1;
    loadedVersion = undefined;
    entries = undefined;
    views = new Map();
    listedViews = new Map();
    inLanguage = new Map();
    atPlace = new Map();
  };

  /** The catalog in one language; the same array until the catalog changes. */
  async function catalogIn(language: string): Promise<readonly PlainApp[]> {
    const started = generation;
    const snapshot = await (entries ??= load());
    const found = inLanguage.get(language);
    if (found) return found;
    const apps = snapshot.map((app) => appIn(app, language, defaultLanguage));
    // Languages are few (the supported ones); the map is dropped with the snapshot.
    if (generation === started) inLanguage.set(language, apps);
    return apps;
  }
  source.onChange(invalidate);

  /**
   * Where the list is seen from, as a key of the caches ('' : the plain lists, when no app has
   * addresses or typed links or no network is given) and the catalog seen from there.
   */
  async function placeOf(
    language: string,
    network: string | null | undefined,
  ): Promise<{ key: string; catalog: readonly App[] }> {
    const plain = await catalogIn(language);
    if (network === undefined || reach.size === 0) return { key: '', catalog: plain };
    const networks = await networksNow();
    let signature = signatures.get(networks);
    if (signature === undefined) {
      signature = JSON.stringify(networks.map((n) => [n.id, n.name, n.help, n.helpText]));
      signatures.set(networks, signature);
    }
    const key = `${network ?? ''}\n${signature}`;
    const started = generation;
    const cacheKey = `${language}\n${key}`;
    let catalog = atPlace.get(cacheKey);
    if (!catalog) {
      const reaches = reach;
      catalog = plain.map((app) => reachableApp(app, reaches.get(app.id), network, networks));
      // Networks are few; a changed list of networks makes new keys, dropped with the snapshot.
      if (generation === started && atPlace.size < MAX_CACHED_VIEWS) atPlace.set(cacheKey, catalog);
    }
    return { key, catalog };
  }

  async function visibleApps(viewer: Viewer, language?: string): Promise<readonly PlainApp[]>;
  async function visibleApps(
    viewer: Viewer,
    language: string | undefined,
    network: string | null | undefined,
  ): Promise<readonly App[]>;
  async function visibleApps(
    viewer: Viewer,
    language: string = defaultLanguage,
    network?: string | null,
  ): Promise<readonly App[]> {
    // Writes in this process invalidate at once (onChange); another process's writes are
    // caught by comparing the fingerprint, at most once per recheckMs.
    if (loadedVersion === undefined || now() - checkedAt >= recheckMs) {
      checkedAt = now();
      let version: string | undefined;
      try {
        version = await source.catalogVersion();
      } catch (error) {
        // The database is locked, unreachable or failing: keep serving the catalog from
        // memory (docs/operations.md, docs/deploy.md).
        if (!entries) throw error;
      }
      if (version !== undefined && version !== loadedVersion) {
        invalidate();
        loadedVersion = version;
      }
    }
    const { key: place, catalog: snapshot } = await placeOf(language, network);
    const groups = [...new Set((viewer?.groups ?? []).map(normalizeGroup))].sort();
    const key = `${language}\n${place}\n${groups.join('\n')}`;
    const cached = views.get(key);
    if (cached) return cached;
    const visible = snapshot.filter((app) => canSee(app, { groups }));
    if (views.size >= MAX_CACHED_VIEWS) views.clear();
    views.set(key, visible);
    return visible;
  }

  return {
    /**
     * The apps the viewer may see, sorted by category then name, their texts in `language`
     * (default: the default language).
     */
    visibleApps,

    /**
     * What GET /api/apps lists (docs/access-requests.md): the visible apps and, for a signed-in
     * viewer, a locked card in place of each requestable app they may not see. Anonymous
     * viewers (null) get the visible apps only. With `network` (the visitor's network id, or
     * null for none), the apps as seen from there (reachable-app.ts); locked cards never show
     * addresses or typed links.
     */
    async listedApps(
      viewer: Viewer,
      language: string = defaultLanguage,
      network?: string | null,
    ): Promise<readonly (App | LockedApp)[]> {
      const visible = await visibleApps(viewer, language, network);
      if (viewer === null) return visible;
      const snapshot = await catalogIn(language);
      const settings = access;
      if (settings.size === 0) return visible;
      const groups = [...new Set(viewer.groups.map(normalizeGroup))].sort();
      const { key: place } = await placeOf(language, network);
      const key = `${language}\n${place}\n${groups.join('\n')}`;
      const cached = listedViews.get(key);
      if (cached) return cached;
      // The visible apps as seen from the visitor's network; the locked ones from the plain app.
      const seen = new Map(visible.map((app) => [app.id, app]));
      const listed = snapshot.flatMap((app): (App | LockedApp)[] => {
        const open = seen.get(app.id);
        if (open) return [open];
        const settingsOfApp = settings.get(app.id);
        return settingsOfApp?.requestable
          ? [toLockedApp(app, settingsOfApp, terms.get(app.id))]
          : [];
      });
      if (listedViews.size >= MAX_CACHED_VIEWS) listedViews.clear();
      listedViews.set(key, listed);
      return listed;
    },

    /**
     * `apps` (made from the stored apps, as /api/me's favorites are) as a visitor on `network`
     * sees them (reachable-app.ts): the same list when no network is given or no app has
     * addresses or typed links. For apps the visitor may open only.
     */
    async seenFrom(apps: readonly App[], network: string | null | undefined): Promise<App[]> {
      await (entries ??= load());
      const reaches = reach;
      if (network === undefined || reaches.size === 0) return [...apps];
      const networks = await networksNow();
      return apps.map((app) =>
        reachableApp(app as PlainApp, reaches.get(app.id), network, networks),
      );
    },

    /**
     * The address the monitor checks `app` at (reachable-app.ts, statusLinkOf), for an app of a
     * list this snapshot gave, whichever network it was seen from (its public link, else its
     * first address on a network).
     */
    statusLink(app: { id: string; link: string | null }): string {
      return statusLinks.get(app.id) ?? app.link?.trim() ?? '';
    },

    /** The access settings of every app that has some (approvers, inbox), by app id. */
    async accessSettings(): Promise<ReadonlyMap<string, AppAccess>> {
      await visibleApps(null);
      return access;
    },

    /** Forget everything; the next read loads the catalog again. */
    invalidate,
  };
}

/**
 * The locked card of an app: what a signed-in non-member may know of it. Never its links,
 * status or groups; the granting group and approvers only when the app says so.
 */
export function toLockedApp(app: PlainApp, access: AppAccess, terms?: AppTerms): LockedApp {
  const locked: LockedApp = {
    id: app.id,
    name: app.name,
    description: app.description,
    image: app.image,
    env: app.env,
    category: app.category,
    isPublic: false,
    associatedGroups: [],
    collectionId: app.collectionId,
    created: app.created,
    updated: app.updated,
    locked: true,
  };
  if (app.imageUrl !== undefined) locked.imageUrl = app.imageUrl;
  if (access.showGroup) {
    const info: LockedAccessInfo = { group: access.group, approvers: [...access.approvers] };
    if (access.days !== undefined) info.days = access.days;
    locked.lockedAccess = info;
  }
  // The terms travel to the people who may request the app, whether or not it shows its group.
  if (terms) locked.lockedAccess = { ...locked.lockedAccess, terms: { ...terms } };
  return locked;
}

export type CatalogSnapshot = ReturnType<typeof createCatalogSnapshot>;

import type { Messages } from '@lingui/core';
import type { FastifyBaseLogger } from 'fastify';
import {
  jsonForScript,
  serializePageState,
  type PageState,
  type RenderPage,
} from '../../shared/api/page-schemas.js';
import type { LockedApp } from '../../shared/api/access-schemas.js';
import type { App, Me, PortalInfo } from '../../shared/api/schemas.js';
import { isDismissed } from '../../shared/status/dismissed-notices.js';
import type { Notices } from '../../shared/status/history-schemas.js';
import { accentCss } from '../../shared/branding/contrast.js';
import { DEFAULT_PORTAL_TITLE, notFoundTitle } from '../../shared/routes/client-routes.js';
import { PAGE_NAMESPACES, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.js';
import { dataThemeOf, type Theme } from '../../shared/theme/theme.js';
import type { Principal } from '../auth/principal.js';
import { escapeHtml } from '../auth/html.js';
import { etagOf } from '../http/compressed-bodies.js';
import { pageMessagesUrl, type Catalogs } from '../i18n/catalogs.js';
import { createTranslators } from '../i18n/translator.js';
import {
  createRenderWorker,
  loadRenderer,
  RenderElsewhereUnavailable,
  type RenderElsewhere,
} from './page-renderer.js';
import {
  DEFAULT_VIEW,
  identities,
  perBrandingThemeLanguage,
  publicPageKey,
  type HomePage,
  type PageView,
  type PublicPage,
} from './page-keeping.js';
import { readTemplate, type PageTemplate } from './page-template.js';

export type { HomePage, PageView, PersonalPage, PublicPage } from './page-keeping.js';
export { publicPageKey };

export interface PageDeps {
  /** The built index.html, cut around its root (page-template.ts). */
  template: PageTemplate;
  /** The server-rendering bundle's render; null when it is not built (the browser renders). */
  render: RenderPage | null;
  /**
   * The same bundle run away from the event loop (a worker thread, decision 0040): pages are
   * rendered there, and here only when it cannot take them. Without it, pages render here.
   */
  renderElsewhere?: RenderElsewhere;
  /**
   * The apps a viewer may see and, for a signed-in viewer, the locked cards: the same code as
   * GET /api/apps (the snapshot's listedApps), texts in `language`, links from `network`.
   */
  visibleApps(viewer: Principal | null, language: Language, network?: Place): Promise<Listed>;
  /** The signed-in user with favorites: the same code as GET /api/me. */
  me(principal: Principal, user: undefined, language: Language, network?: Place): Promise<Me>;
  /**
   * The portal's texts and branding now (src/server/branding: kept a second per instance), the
   * texts given per language in `language`.
   */
  portal(language?: Language): Promise<PortalInfo>;
  /** The notices in force for a viewer, in `language`: the same code as GET /api/notices. */
  notices(viewer: Principal | null, language: Language): Promise<Notices>;
  /** The message catalogs: each page names its language's page messages (docs/i18n.md). */
  catalogs: Catalogs;
  /** Whether an identity provider is configured (the page state tells the browser). */
  signInAvailable: boolean;
  /** Whether the statuses are simulated now (the demo catalog's story; decision 0026). */
  statusSimulated(): boolean;
  log(): FastifyBaseLogger;
}

type Listed = readonly (App | LockedApp)[];
type Place = string | null; // the visitor's network id, null on none (docs/networks.md)
/** No notices in force. */
const NO_NOTICES: Notices = { notices: [], maintenance: [] };

/** The not-found page's markup before the browser renders it (the classes of not-found-page.tsx). */
function notFoundBody(t: (id: string) => string): string {
  return (
    '<main class="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-10">' +
    `<h1 class="text-2xl font-bold">${escapeHtml(t('notFound.heading'))}</h1>` +
    `<p>${escapeHtml(t('notFound.body'))}</p>` +
    `<p><a class="link link-primary" href="/">${escapeHtml(t('notFound.home'))}</a></p></main>`
  );
}

/** The head parts of the branding: the accent colour's CSS and the favicon. */
function brandingParts(portal: PortalInfo) {
  return { accentCss: accentCss(portal.accentColor ?? ''), faviconUrl: portal.faviconUrl ?? null };
}

/** Public pages remembered per catalog state, one per query string; a bound against `?q=` spam. */
const MAX_PUBLIC_PAGES = 32;

/**
 * The home page, rendered on the server for the viewer who asks, with the state the browser
 * hydrates from. Anonymous visitors all get the same page for one catalog state: it is rendered
 * once per state of the catalog (the snapshot hands out the same list until the catalog
 * changes) and served with an ETag, so a revalidation costs no rendering at all.
 */
export function createPageService(deps: PageDeps) {
  // Pages being rendered are kept as their promise: visitors who come meanwhile wait for the same
  // rendering rather than each starting one.
  const publicPages = new WeakMap<
    readonly (App | LockedApp)[],
    Map<string, PublicPage | Promise<PublicPage>>
  >();
  // Without the branding (the database failing), the shell still goes out with the default title.
  const fallback: PortalInfo = {
    title: DEFAULT_PORTAL_TITLE,
    subtitle: '',
    footer: '',
    signInAvailable: deps.signInAvailable,
  };
  // Without the notices (the database failing), the page goes out without them; the browser asks.
  const noticesNow = async (viewer: Principal | null, language: Language): Promise<Notices> => {
    try {
      return await deps.notices(viewer, language);
    } catch (error) {
      deps.log().error({ err: error }, 'could not read the notices');
      return NO_NOTICES;
    }
  };
  let lastPortal: PortalInfo | undefined;
  const portalNow = async (language?: Language) => {
    try {
      return (lastPortal = await deps.portal(language));
    } catch (error) {
      deps.log().error({ err: error }, 'could not read the branding');
      return lastPortal ?? fallback;
    }
  };
  const stateFor = (
    portal: PortalInfo,
    me: Me | null,
    apps: readonly (App | LockedApp)[],
    search: string,
    statusSimulated: boolean,
    notices: Notices,
    view: PageView,
  ): PageState => ({
    portal,
    me,
    apps: [...apps],
    search,
    signInAvailable: deps.signInAvailable,
    statusSimulated,
    notices,
    theme: view.theme,
    language: view.language,
    density: view.density,
    collapsed: [...view.collapsed],
  });

  /** The portal's own texts on pages React does not render (the 404 page's body). */
  const translators = createTranslators(deps.catalogs, PAGE_NAMESPACES);

  /**
   * The page's markup: in the render worker (started for it when it is not running, after a
   * quiet while), here only when there is none or it cannot take the page. Rendering here holds
   * every other request for as long (100-200 ms at 500 apps); the worker starts in about 40 ms.
   */
  async function renderMarkup(
    render: RenderPage,
    state: PageState,
    messages: Messages,
    appsJson: string,
  ) {
    if (!deps.renderElsewhere) return render(state, messages);
    try {
      return await deps.renderElsewhere.render(state, messages, appsJson);
    } catch (error) {
      if (!(error instanceof RenderElsewhereUnavailable)) throw error;
      deps.log().warn({ err: error.reason }, 'the render worker could not take the page');
      return render(state, messages);
    }
  }

  // Each list of apps as the page carries it, written once: every signed-in user with the same
  // groups has the same list (the snapshot's), and writing 500 apps takes about 3 ms.
  const appsJsons = new WeakMap<readonly (App | LockedApp)[], string>();
  const appsJsonOf = (apps: readonly (App | LockedApp)[]) => {
    let json = appsJsons.get(apps);
    if (json === undefined) appsJsons.set(apps, (json = jsonForScript(apps)));
    return json;
  };

  /**
   * Renders a page for `state`, whose apps are `apps` (the snapshot's list); `complete` is false
   * when the rendering failed (never kept then).
   */
  async function build(
    state: PageState,
    apps: readonly (App | LockedApp)[],
    view: PageView,
  ): Promise<{ html: Buffer; complete: boolean }> {
    let body: string | Uint8Array = '';
    let complete = true;
    const language = state.language ?? SOURCE_LANGUAGE;
    const messages = deps.catalogs.compiled(language, PAGE_NAMESPACES);
    const appsJson = appsJsonOf(apps);
    if (deps.render) {
      try {
        body = await renderMarkup(deps.render, state, messages, appsJson);
      } catch (error) {
        // The browser can still render from the state; the visitor only loses the head start.
        complete = false;
        deps.log().error({ err: error }, 'server rendering of the home page failed');
      }
    }
    const html = deps.template.fillBytes({
      title: state.portal.title.trim() || DEFAULT_PORTAL_TITLE,
      body,
      state: serializePageState(state, appsJson),
      branding: brandingParts(state.portal),
      theme: dataThemeOf(view.theme),
      language,
      density: view.density,
      messagesUrl: pageMessagesUrl(deps.catalogs, language),
    });
    return { html, complete };
  }

  const listId = identities();

  const notFound = perBrandingThemeLanguage((portal, theme, language) =>
    deps.template.fill({
      title: notFoundTitle(portal.title, translators(language)('notFound.heading')),
      body: notFoundBody(translators(language)),
      state: null,
      branding: brandingParts(portal),
      theme: dataThemeOf(theme),
      language,
      messagesUrl: pageMessagesUrl(deps.catalogs, language),
    }),
  );
  const shell = perBrandingThemeLanguage((portal, theme, language) =>
    deps.template.fill({
      title: portal.title.trim() || DEFAULT_PORTAL_TITLE,
      body: '',
      state: null,
      branding: brandingParts(portal),
      theme: dataThemeOf(theme),
      language,
      messagesUrl: pageMessagesUrl(deps.catalogs, language),
    }),
  );

  return {
    /**
     * The home page for `principal` (null: anonymous) and the query string `search`, as the
     * visitor chose to see it (`view`: their cookies and language, all part of the page). The
     * notices the visitor dismissed are left out of it.
     */
    async home(
      principal: Principal | null,
      search: string,
      chosen: Partial<PageView> = {},
    ): Promise<HomePage> {
      const view: PageView = { ...DEFAULT_VIEW, ...chosen };
      const { language, dismissed } = view;
      const noticesFor = async (viewer: Principal | null) => {
        const notices = await noticesNow(viewer, language);
        if (dismissed.length === 0) return notices;
        const shown = notices.notices.filter((notice) => !isDismissed(dismissed, notice.id));
        return { ...notices, notices: shown };
      };
      const portal = await deps.portal(language);
      if (principal) {
        const [apps, me, notices] = await Promise.all([
          deps.visibleApps(principal, language, view.network),
          deps.me(principal, undefined, language, view.network),
          noticesFor(principal),
        ]);
        const simulated = deps.statusSimulated();
        // Everything stateFor takes. The apps list is the snapshot's, one array per group set
        // until the catalog changes: its identity stands for its content.
        const state = JSON.stringify([
          listId(apps),
          portal,
          me,
          view.theme,
          language,
          view.density,
          view.collapsed,
          simulated,
          search,
          deps.signInAvailable,
          notices,
        ]);
        return {
          personal: true,
          owner: principal.subject,
          state,
          render: async () => {
            const { html, complete } = await build(
              stateFor(portal, me, apps, search, simulated, notices, view),
              apps,
              view,
            );
            return { body: html, keep: complete };
          },
        };
      }
      // The list in the page's language (one array per language): the search (`?q=`) the
      // rendering runs matches the texts the visitor reads.
      const [apps, notices] = await Promise.all([
        deps.visibleApps(null, language, view.network),
        noticesFor(null),
      ]);
      const simulated = deps.statusSimulated();
      let pages = publicPages.get(apps);
      if (!pages) {
        pages = new Map();
        publicPages.set(apps, pages);
      }
      // The note on simulated statuses may come or go while the catalog stays the same; so
      // may the branding (its version grows with every change). The theme is part of the page
      // (<html data-theme>), so of the key too.
      const key = publicPageKey({
        brandingVersion: portal.version ?? 0,
        view,
        simulated,
        search,
        notices,
      });
      const kept = pages.get(key);
      if (kept) return kept;
      const forget = () => {
        if (pages.get(key) === rendering) pages.delete(key);
      };
      const rendering = build(
        stateFor(portal, null, apps, search, simulated, notices, view),
        apps,
        view,
      ).then(
        ({ html, complete }): PublicPage => {
          // The ETag is the page's own hash: each theme's page has its own.
          const page: PublicPage = { personal: false, html, etag: etagOf(html) };
          if (complete) pages.set(key, page);
          else forget();
          return page;
        },
        (error: unknown) => {
          forget();
          throw error;
        },
      );
      if (pages.size >= MAX_PUBLIC_PAGES) pages.clear();
      pages.set(key, rendering);
      return rendering;
    },

    /**
     * The page for a path that is no page of the portal (served with status 404): a message and
     * the way home without JavaScript; the browser renders the same, with the header, over it.
     */
    notFound: async (theme?: Theme, language?: Language) =>
      notFound(await portalNow(language), theme, language),

    /** The page without state or markup, for paths the browser renders itself (e.g. /admin). */
    shell: async (theme?: Theme, language?: Language) =>
      shell(await portalNow(language), theme, language),

    /** Stops the render worker, if any. */
    close: async () => deps.renderElsewhere?.close(),
  };
}

export type PageService = ReturnType<typeof createPageService>;

/**
 * The page service for the web build in `root`, with the server-rendering bundle of dist/ssr
 * unless `render` is given (tests pass src/web/entry-server.tsx's); null without a web build.
 * The built bundle also runs in a render worker (decision 0040); a `render` given runs here.
 */
export async function loadPages(
  options: { root: string; render?: RenderPage | null } & Omit<
    PageDeps,
    'template' | 'render' | 'renderElsewhere'
  >,
): Promise<PageService | null> {
  const { root, render, ...rest } = options;
  const template = readTemplate(root);
  if (!template) return null;
  // Loaded here too: a broken bundle stops the start, and it renders when the worker cannot.
  const renderer = render === undefined ? await loadRenderer() : render;
  if (renderer === null) {
    rest.log().warn('No server-rendering bundle (dist/ssr): the browser renders the home page.');
  }
  const renderElsewhere = render === undefined && renderer ? createRenderWorker() : undefined;
  return createPageService({ ...rest, template, render: renderer, renderElsewhere });
}

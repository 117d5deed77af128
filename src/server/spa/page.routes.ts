import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { routeOf } from '../../shared/routes/client-routes.js';
import { parseTheme, THEME_COOKIE, type Theme } from '../../shared/theme/theme.js';
import {
  addVary,
  compressLive,
  etagMatches,
  sendEncoded,
  type CompressedBodies,
  type PersonalBodies,
} from '../http/compressed-bodies.js';
import type { PageService } from './page.service.js';
import { addressNetworkOf } from '../networks/visitor-network.js';
import { DENSITY_COOKIE, parseDensity } from '../../shared/density/density.js';
import {
  COLLAPSED_CATEGORIES_COOKIE,
  parseCollapsedCategories,
} from '../../shared/density/collapsed-categories.js';
import {
  DISMISSED_NOTICES_COOKIE,
  parseDismissedNotices,
} from '../../shared/status/dismissed-notices.js';

/** Personal pages hold a user's data: no cache may keep them, not even the browser's. */
const PERSONAL = 'private, no-store';
/** Public pages are revalidated on each use, cheaply: 304 while the ETag matches. */
const REVALIDATE = 'no-cache';

const HTML = 'text/html; charset=utf-8';

/** Paths never answered with a page: the API and the built files keep their JSON 404. */
const isReserved = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/');

function queryString(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
}

/** The visitor's theme (cookie); an unknown value is ignored: the page follows the system. */
function themeOf(request: FastifyRequest): Theme {
  return parseTheme(request.cookies[THEME_COOKIE]);
}

/**
 * The pages: `/` is rendered on the server for whoever asks (page.service.ts); the SPA's other
 * paths (/admin) get the page shell, which the browser renders; any other path outside /api and
 * /assets is a 404 page.
 * `/` is compressed here, not by http/compression.ts: the anonymous page once per content, kept
 * in `bodies` (shared by every anonymous visitor); a signed-in user's page at the live level,
 * kept only for that user in `personal` (decision 0035).
 * Registered in the portal's scope: `/` needs to know who is calling.
 */
export const pageRoutes: FastifyPluginAsync<{
  pages: PageService;
  bodies: CompressedBodies;
  personal: PersonalBodies;
}> = async (app, { pages, bodies, personal }) => {
  app.get('/', { schema: { hide: true }, compress: false }, async (request, reply) => {
    const search = queryString(request.url);
    const language = request.language;
    let page;
    try {
      page = await pages.home(request.principal, search, {
        theme: themeOf(request),
        language,
        density: parseDensity(request.cookies[DENSITY_COOKIE]),
        collapsed: parseCollapsedCategories(request.cookies[COLLAPSED_CATEGORIES_COOKIE]),
        dismissed: parseDismissedNotices(request.cookies[DISMISSED_NOTICES_COOKIE]),
        // The links that work from the visitor's network (docs/networks.md).
        network: await addressNetworkOf(request),
      });
    } catch (error) {
      // The shell still works: the browser renders and asks the API itself.
      request.log.error({ err: error }, 'could not prepare the home page');
      void reply.type(HTML).header('cache-control', PERSONAL);
      const shell = await pages.shell(themeOf(request), language);
      return sendEncoded(reply, await compressLive(shell.html, request.headers['accept-encoding']));
    }
    void reply.type(HTML);
    const accept = request.headers['accept-encoding'];
    if (page.personal) {
      void reply.header('cache-control', PERSONAL).header('vary', 'Cookie, Accept-Language');
      return sendEncoded(reply, await personal.get(page.owner, page.state, accept, page.render));
    }
    // The same URL answers a signed-in browser with its own page, each theme with its own
    // <html data-theme> and each language with its own texts: caches must key on the cookie and
    // on Accept-Language.
    void reply
      .header('cache-control', REVALIDATE)
      .header('etag', page.etag)
      .header('vary', 'Cookie, Accept-Language');
    if (etagMatches(request, page.etag)) {
      addVary(reply, 'Accept-Encoding');
      return reply.code(304).send();
    }
    // The page's hash names its content: one kept entry per catalog state, branding, theme...
    // A query string (`/?q=…`) is anyone's to vary: such pages are compressed live, cheaply, so
    // that random queries can neither cost a high-level compression each nor push the home
    // page out of the shared cache.
    if (search !== '') return sendEncoded(reply, await compressLive(page.html, accept));
    const html = page.html;
    return sendEncoded(reply, await bodies.get(`page ${page.etag}`, () => html, accept, page.etag));
  });

  app.get('/*', { schema: { hide: true }, compress: false }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isReserved(path)) return reply.callNotFound();
    // No page of the portal here: a real 404 (monitors and crawlers see no soft 404), with a
    // page that says so and links home.
    // Both carry the visitor's theme and language: caches must key on them.
    void reply
      .header('cache-control', REVALIDATE)
      .header('vary', 'Cookie, Accept-Language')
      .type(HTML);
    const language = request.language;
    const accept = request.headers['accept-encoding'];
    // Both are the same for everyone with one branding, theme and language: compressed once per
    // content in the shared bodies, like the anonymous home page (decision 0035).
    if (routeOf(path) === 'not-found') {
      const page = await pages.notFound(themeOf(request), language);
      const encoded = await bodies.get(`404 ${page.etag}`, () => page.html, accept, page.etag);
      return sendEncoded(reply.code(404), encoded);
    }
    const shell = await pages.shell(themeOf(request), language);
    void reply.header('etag', shell.etag);
    if (etagMatches(request, shell.etag)) {
      addVary(reply, 'Accept-Encoding');
      return reply.code(304).send();
    }
    return sendEncoded(
      reply,
      await bodies.get(`shell ${shell.etag}`, () => shell.html, accept, shell.etag),
    );
  });
};

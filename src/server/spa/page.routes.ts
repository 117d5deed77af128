import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { routeOf } from '../../shared/routes/client-routes.js';
import { parseTheme, THEME_COOKIE, type Theme } from '../../shared/theme/theme.js';
import type { PageService } from './page.service.js';

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

/** True when If-None-Match names the ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * The pages: `/` is rendered on the server for whoever asks (page.service.ts); the SPA's other
 * paths (/admin) get the page shell, which the browser renders; any other path outside /api and
 * /assets is a 404 page.
 * Registered in the portal's scope: `/` needs to know who is calling.
 */
export const pageRoutes: FastifyPluginAsync<{ pages: PageService }> = async (app, { pages }) => {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    let page;
    try {
      page = await pages.home(request.principal, queryString(request.url), themeOf(request));
    } catch (error) {
      // The shell still works: the browser renders and asks the API itself.
      request.log.error({ err: error }, 'could not prepare the home page');
      return reply
        .type(HTML)
        .header('cache-control', PERSONAL)
        .send(await pages.shell(themeOf(request)));
    }
    void reply.type(HTML);
    if (page.personal || !page.etag) return reply.header('cache-control', PERSONAL).send(page.html);
    // The same URL answers a signed-in browser with its own page, and each theme with its own
    // <html data-theme>: caches must key on the cookie.
    void reply
      .header('cache-control', REVALIDATE)
      .header('etag', page.etag)
      .header('vary', 'Cookie');
    if (matches(request, page.etag)) return reply.code(304).send();
    return reply.send(page.html);
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isReserved(path)) return reply.callNotFound();
    // No page of the portal here: a real 404 (monitors and crawlers see no soft 404), with a
    // page that says so and links home.
    // Both carry the visitor's theme: caches must key on the cookie.
    void reply.type(HTML).header('cache-control', REVALIDATE).header('vary', 'Cookie');
    if (routeOf(path) === 'not-found') {
      return reply.code(404).send(await pages.notFound(themeOf(request)));
    }
    return reply.send(await pages.shell(themeOf(request)));
  });
};

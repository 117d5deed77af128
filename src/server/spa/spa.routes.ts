import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/**
 * dist/web, found from this file in both src/server/spa (tests) and dist/server/spa (built):
 * three folders up is the project root either way.
 */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/** Vite puts content-hashed files here; their names change whenever their content does. */
const HASHED_ASSETS = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon) is revalidated on each use (ETag / Last-Modified). */
const REVALIDATE = 'no-cache';

export interface WebAppOptions {
  /** The built SPA (vite build output); defaults to dist/web. */
  root?: string;
}

/**
 * Serves the built single-page app's files, pre-compressed, with hashed assets cached for a year
 * and the rest revalidated. The pages themselves (`/` rendered on the server, the shell for the
 * SPA's other paths) are page.routes.ts's. Missing assets keep the JSON 404. Without a build
 * (tests, API-only runs) it registers nothing.
 */
export const webAppRoutes: FastifyPluginAsync<WebAppOptions> = async (app, options) => {
  const root = options.root ?? DEFAULT_WEB_ROOT;
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn(`No web app build in ${root}: serving the API only (run npm run build:web).`);
    return;
  }
  const assetsDir = join(root, HASHED_ASSETS) + sep;

  await app.register(fastifyStatic, {
    root,
    // One route per built file, so page.routes.ts's fallback can own every other path.
    wildcard: false,
    // `/` is the server-rendered page (page.routes.ts), not the bare index.html.
    index: false,
    cacheControl: false,
    schemaHide: true,
    // The build writes .br and .gz copies (vite.config.ts): sent when the browser accepts them,
    // with `Vary: Accept-Encoding` and an ETag of the copy sent.
    preCompressed: true,
    setHeaders(reply, path) {
      void reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
};

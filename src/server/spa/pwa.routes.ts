import type { FastifyPluginAsync } from 'fastify';
import { OFFLINE_PATH, renderOfflinePage } from './offline-page.js';
import { buildWebManifest, type Branding } from './web-manifest.js';

export const MANIFEST_PATH = '/manifest.webmanifest';
const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';
const HTML = 'text/html; charset=utf-8';
/** Both follow the branding: revalidated on each use, never personal. */
const REVALIDATE = 'no-cache';

export interface PwaRoutesOptions {
  /** The branding of now: read on every request, so a change shows at once. */
  branding(): Branding | Promise<Branding>;
}

/**
 * What makes the portal installable (docs/web.md, "Installing"): the web app manifest and the
 * offline page the service worker keeps. The same for every viewer: outside the authentication
 * scope, no cookie read. The service worker itself (`/sw.js`) and the icons are built files
 * (spa.routes.ts).
 */
export const pwaRoutes: FastifyPluginAsync<PwaRoutesOptions> = async (app, { branding }) => {
  app.get(MANIFEST_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(MANIFEST_TYPE)
      .header('cache-control', REVALIDATE)
      .send(JSON.stringify(buildWebManifest(await branding()))),
  );
  app.get(OFFLINE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(HTML)
      .header('cache-control', REVALIDATE)
      .send(renderOfflinePage(await branding())),
  );
};

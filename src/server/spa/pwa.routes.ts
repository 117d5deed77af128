import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/i18n/languages.js';
import type { Translate } from '../i18n/translator.js';
import { OFFLINE_PATH, renderOfflinePage } from './offline-page.js';
import { buildWebManifest, type Branding } from './web-manifest.js';

export const MANIFEST_PATH = '/manifest.webmanifest';
const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';
const HTML = 'text/html; charset=utf-8';
/** Both follow the branding: revalidated on each use (an ETag of the content), never personal. */
const REVALIDATE = 'no-cache';

/** Sends `body` with an ETag of its content, or 304 when the browser already has it. */
function sendRevalidated(request: FastifyRequest, reply: FastifyReply, type: string, body: string) {
  const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
  void reply.type(type).header('cache-control', REVALIDATE).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(body);
}

export interface PwaRoutesOptions {
  /** The branding of now: read on every request, so a change shows at once. */
  branding(): Branding | Promise<Branding>;
  /** The `server` catalog's texts per language (the offline page). */
  texts: (language: Language) => Translate;
}

/**
 * What makes the portal installable (docs/web.md, "Installing"): the web app manifest and the
 * offline page the service worker keeps. The same for every viewer but for the offline page's
 * language (the `lang` cookie or Accept-Language): outside the authentication scope, no session
 * read. The service worker itself (`/sw.js`) and the icons are built files
 * (spa.routes.ts).
 */
export const pwaRoutes: FastifyPluginAsync<PwaRoutesOptions> = async (app, options) => {
  const { branding, texts } = options;
  app.get(MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) =>
    sendRevalidated(
      request,
      reply,
      MANIFEST_TYPE,
      JSON.stringify(buildWebManifest(await branding())),
    ),
  );
  app.get(OFFLINE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const language = request.language;
    void reply.header('vary', 'Cookie, Accept-Language');
    const page = renderOfflinePage(await branding(), { language, t: texts(language) });
    return sendRevalidated(request, reply, HTML, page);
  });
};

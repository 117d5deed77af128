import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CatalogListSchema, type CatalogList } from '../../shared/api/access-schemas.js';
import { AppListQuerySchema, ErrorSchema } from '../../shared/api/schemas.js';
import {
  addVary,
  compressLive,
  etagMatches,
  sendEncoded,
  type CompressedBodies,
} from '../http/compressed-bodies.js';
import type { AppsService } from './apps.service.js';
import { addressNetworkOf } from '../networks/visitor-network.js';

/**
 * GET /api/apps, compressed here rather than by http/compression.ts: the anonymous answer (the
 * same for every anonymous caller) once per content, kept in the shared `bodies`, with an ETag
 * and 304; a signed-in caller's answer at the live level, never kept (decision 0035). Names
 * and descriptions are in the request's language (docs/catalog.md): the ETag and the shared
 * body's key carry it, and the answer varies on Accept-Language and Cookie.
 */
export const appsRoutes: FastifyPluginAsyncTypebox<{
  apps: AppsService;
  bodies: CompressedBodies;
  /** DEFAULT_LANGUAGE: the language of requests that ask for none the portal speaks. */
}> = async (app, { apps, bodies }) => {
  app.get(
    '/api/apps',
    {
      compress: false,
      schema: {
        operationId: 'listApps',
        tags: ['catalog'],
        summary:
          'Apps the caller may see, sorted by category then name; for a signed-in caller also ' +
          'a locked card (locked: true, no links) for each app they may request access to. ' +
          'Names and descriptions are plain text in the language of the request (the lang ' +
          'cookie, then Accept-Language), falling back to the default language. ' +
          'Anonymous answers carry an ETag; send it back in If-None-Match to get 304.',
        querystring: AppListQuerySchema,
        response: {
          200: CatalogListSchema,
          304: Type.Null({ description: 'Not modified: the ETag sent is current. No body.' }),
          400: ErrorSchema,
          401: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // The route's own compiled response serialiser: the schema still decides what is sent.
      const serialise = reply.getSerializationFunction('200');
      if (!serialise) throw new Error('GET /api/apps has no 200 response schema');
      const language = request.language;
      const { json, etag } = await apps.listCatalogJson(
        request.principal,
        request.query,
        (list: CatalogList) => serialise(list as unknown as Record<string, unknown>),
        language,
        // Each app's link as seen from a signed-in caller's network (docs/networks.md): the ETag is the
        // answer's hash, so one network's answer never revalidates another's.
        await addressNetworkOf(request),
      );
      const accept = request.headers['accept-encoding'];
      // Already-serialised JSON bytes are sent as they are (the type provider only knows the
      // object form).
      void reply.type('application/json; charset=utf-8');
      // API answers are never stored (the anonymous one too: a browser that signs in must not
      // reuse it); the ETag still lets a client that kept it revalidate.
      void reply.header('cache-control', 'no-store');
      if (request.principal) {
        // The texts follow the language cookie and Accept-Language.
        void reply.header('vary', 'Cookie, Accept-Language');
        return sendEncoded(reply, await compressLive(json, accept)) as never;
      }
      // Callers who sign in get another answer at the same URL: caches must key on both; the
      // texts follow the language cookie and Accept-Language.
      void reply.header('etag', etag).header('vary', 'Authorization, Cookie, Accept-Language');
      if (etagMatches(request, etag)) {
        addVary(reply, 'Accept-Encoding');
        // No payload at all (not the serialised null the schema documents).
        return reply.code(304).send(undefined as unknown as null);
      }
      return sendEncoded(
        reply,
        await bodies.get(`apps ${language} ${etag}`, () => json, accept, etag),
      ) as never;
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LANGUAGES, MESSAGE_NAMESPACES } from '../../shared/i18n/languages.js';
import { ErrorSchema } from '../../shared/api/schemas.js';
import {
  addVary,
  etagMatches,
  etagOf,
  sendEncoded,
  type CompressedBodies,
} from '../http/compressed-bodies.js';
import type { Catalogs } from './catalogs.js';

/**
 * GET /api/messages/{language}/{namespace}: one namespace's messages for one language, compiled
 * for the web app's i18n runtime (the admin console loads its own this way; the page carries the
 * rest inline). The same for everyone: compressed once, ETag and 304, revalidated on each use
 * (a new release may change the texts).
 */
export const messagesRoutes: FastifyPluginAsyncTypebox<{
  catalogs: Catalogs;
  bodies: CompressedBodies;
}> = async (app, { catalogs, bodies }) => {
  app.get(
    '/api/messages/:language/:namespace',
    {
      compress: false,
      schema: {
        operationId: 'getMessages',
        tags: ['portal'],
        summary:
          "One namespace of the web app's texts in one language, as compiled ICU messages " +
          '(docs/i18n.md).',
        params: Type.Object({
          language: Type.Union(LANGUAGES.map((language) => Type.Literal(language))),
          namespace: Type.Union(MESSAGE_NAMESPACES.map((namespace) => Type.Literal(namespace))),
        }),
        response: {
          200: Type.Record(Type.String(), Type.Unknown(), {
            description: 'Message id to compiled message.',
          }),
          304: Type.Null({ description: 'Not modified: the ETag sent is current. No body.' }),
          400: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { language, namespace } = request.params;
      const json = catalogs.json(language, [namespace]);
      const etag = etagOf(json);
      void reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('etag', etag);
      if (etagMatches(request, etag)) {
        addVary(reply, 'Accept-Encoding');
        return reply.code(304).send(undefined as unknown as null);
      }
      const key = `messages ${language}/${namespace} ${etag}`;
      return sendEncoded(
        reply,
        await bodies.get(key, () => json, request.headers['accept-encoding'], etag),
      ) as never;
    },
  );
};

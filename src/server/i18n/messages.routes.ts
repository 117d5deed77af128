import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { LANGUAGES, MESSAGE_NAMESPACES, PAGE_NAMESPACES } from '../../shared/i18n/languages.js';
import { ErrorSchema } from '../../shared/api/schemas.js';
import {
  addVary,
  etagMatches,
  etagOf,
  sendEncoded,
  type CompressedBodies,
} from '../http/compressed-bodies.js';
import type { Catalogs } from './catalogs.js';

/** How long the page's messages asked for by another version than the current one are kept. */
export const STALE_PAGE_MESSAGES_MAX_AGE = 60;

const LanguageParam = Type.Union(LANGUAGES.map((language) => Type.Literal(language)));
const MessagesSchema = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Message id to compiled message.',
});
const NotModified = Type.Null({ description: 'Not modified: the ETag sent is current. No body.' });

/**
 * GET /api/messages/{language}/{namespace}: one namespace's messages for one language, compiled
 * for the web app's i18n runtime (the admin console loads its own this way). The same for
 * everyone: compressed once, ETag and 304, revalidated on each use (a new release may change
 * the texts).
 *
 * GET /api/messages/{language}/page?v={version}: the page namespaces in one file, the one every
 * page names and preloads (pageMessagesPath). Asked for with the current version (the content's
 * hash, catalogs.ts) it is cached for good (immutable); with another or none (a page of an older
 * release, or of another instance during a rolling update) it answers the current messages all
 * the same, cached briefly, so such a page still hydrates.
 */
export const messagesRoutes: FastifyPluginAsyncTypebox<{
  catalogs: Catalogs;
  bodies: CompressedBodies;
}> = async (app, { catalogs, bodies }) => {
  /** Sends compiled messages as JSON: compressed once per content, with an ETag and 304. */
  async function sendMessages(
    request: FastifyRequest,
    reply: FastifyReply,
    what: string,
    json: string,
    cacheControl: string,
  ) {
    const etag = etagOf(json);
    void reply
      .type('application/json; charset=utf-8')
      .header('cache-control', cacheControl)
      .header('etag', etag);
    if (etagMatches(request, etag)) {
      addVary(reply, 'Accept-Encoding');
      return reply.code(304).send(undefined as unknown as null);
    }
    const key = `messages ${what} ${etag}`;
    return sendEncoded(
      reply,
      await bodies.get(key, () => json, request.headers['accept-encoding'], etag),
    ) as never;
  }

  app.get(
    '/api/messages/:language/page',
    {
      compress: false,
      schema: {
        operationId: 'getPageMessages',
        tags: ['portal'],
        summary:
          'The texts every page of the web app needs in one language (its page namespaces), as ' +
          'compiled ICU messages: the file each page preloads (docs/i18n.md).',
        params: Type.Object({ language: LanguageParam }),
        querystring: Type.Object({
          v: Type.Optional(
            Type.String({
              maxLength: 64,
              pattern: '^[A-Za-z0-9_-]*$',
              description:
                "The messages' version the page names: the current one is cached for a year " +
                '(immutable), any other only briefly.',
            }),
          ),
        }),
        response: { 200: MessagesSchema, 304: NotModified, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { language } = request.params;
      const current = request.query.v === catalogs.version(language, PAGE_NAMESPACES);
      return sendMessages(
        request,
        reply,
        `${language}/page`,
        catalogs.json(language, PAGE_NAMESPACES),
        current
          ? 'public, max-age=31536000, immutable'
          : `public, max-age=${STALE_PAGE_MESSAGES_MAX_AGE}`,
      );
    },
  );

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
          language: LanguageParam,
          namespace: Type.Union(MESSAGE_NAMESPACES.map((namespace) => Type.Literal(namespace))),
        }),
        response: { 200: MessagesSchema, 304: NotModified, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { language, namespace } = request.params;
      const json = catalogs.json(language, [namespace]);
      return sendMessages(request, reply, `${language}/${namespace}`, json, 'no-cache');
    },
  );
};

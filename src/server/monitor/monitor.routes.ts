import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema, StatusListSchema } from '../../shared/api/schemas.js';
import type { MonitorStatusService } from './monitor.service.js';

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 says). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export const monitorRoutes: FastifyPluginAsyncTypebox<{ statuses: MonitorStatusService }> = async (
  app,
  { statuses },
) => {
  app.get(
    '/api/monitor-status',
    {
      schema: {
        operationId: 'listStatuses',
        tags: ['monitor'],
        summary: 'Statuses of the apps the caller may see, from the server-side monitor.',
        description:
          'Served from the monitor’s cache, never from the monitored sources. One item per visible app with a known status: `id` is the app’s id, `url` its public link (empty when it has none), `status` 0 Down, 1 Up & Running, 2 Pending, 3 Maintenance. Apps with no known status are absent. Answers carry an ETag; send it back in If-None-Match to get 304.',
        response: {
          200: StatusListSchema,
          304: Type.Null({ description: 'Not modified: the ETag sent is current. No body.' }),
          401: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { items, body, etag } = await statuses.statusFor(request.principal);
      // Per-caller answers: the browser may keep one but must revalidate it; shared caches may not.
      void reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], etag)) {
        // No payload at all (undefined, not the serialised null the schema documents): a 304
        // carries neither a body nor a Content-Length.
        return reply.code(304).send(undefined as unknown as null);
      }
      // The list is serialised once per change (monitor.service.ts); every poll reuses the text.
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => body)
        .send(items);
    },
  );
};

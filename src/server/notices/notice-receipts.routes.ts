import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema } from '../../shared/api/schemas.js';
import { NoticeIdSchema } from '../../shared/api/ids.js';
import { requirePrincipal } from '../auth/authenticate.js';
import type { NoticeReceipts } from './notice-receipts.service.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const params = Type.Object({ noticeId: NoticeIdSchema }, { additionalProperties: false });

/** A signed-in person dismisses or acknowledges a portal notice (docs/notifications.md). */
export const noticeReceiptsRoutes: FastifyPluginAsyncTypebox<{
  receipts: NoticeReceipts;
}> = async (app, { receipts }) => {
  app.post(
    '/api/notices/:noticeId/dismiss',
    {
      schema: {
        operationId: 'dismissNotice',
        tags: ['monitor'],
        summary:
          'Hides a portal notice from the signed-in caller in every browser (the id from GET /api/notices); 404 for one the caller does not see, 409 for one that must be acknowledged.',
        params,
        response: { 204: Type.Null({ description: 'Dismissed.' }), ...errors },
      },
    },
    async (request, reply) => {
      await receipts.dismiss(requirePrincipal(request), request.params.noticeId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notices/:noticeId/acknowledge',
    {
      schema: {
        operationId: 'acknowledgeNotice',
        tags: ['monitor'],
        summary:
          'Records that the signed-in caller read and accepts a portal notice (again: no change); it no longer shows to them. 404 for one the caller does not see.',
        params,
        response: { 204: Type.Null({ description: 'Acknowledged.' }), ...errors },
      },
    },
    async (request, reply) => {
      await receipts.acknowledge(requirePrincipal(request), request.params.noticeId);
      return reply.code(204).send(null);
    },
  );
};

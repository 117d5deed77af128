import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeliveriesQuerySchema,
  DeliveryListSchema,
  DeliveryParamsSchema,
  DeliverySchema,
} from '../../shared/api/outbox-schemas.js';
import { ConflictError, NotFoundError } from '../http/errors.js';
import type { OutboxAdmin } from '../outbox/outbox.js';
import { ADMIN_ERRORS } from '../admin-http/admin-errors.js';
import { adminActor } from '../admin-http/admin-request.js';
import type { AdminService } from './admin.service.js';

const tags = ['admin'];

/** The outbox as admins see it: deliveries (mail, webhook), and a retry of one that failed. */
export const adminOutboxRoutes: FastifyPluginAsyncTypebox<{
  outbox: OutboxAdmin;
  admin: Pick<AdminService, 'auditDeliveryRetry'>;
}> = async (app, { outbox, admin }) => {
  app.get(
    '/api/admin/outbox',
    {
      schema: {
        operationId: 'listDeliveries',
        tags,
        summary:
          'Notifications (mail, webhook) of the access requests and how their delivery went, newest first; filter by state.',
        querystring: DeliveriesQuerySchema,
        response: { 200: DeliveryListSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => outbox.list(request.query),
  );

  app.post(
    '/api/admin/outbox/:deliveryId/retry',
    {
      schema: {
        operationId: 'retryDelivery',
        tags,
        summary:
          'Queues a failed (or skipped) delivery again, due now, with a fresh count of attempts. ' +
          'Audited (`delivery-retry`).',
        params: DeliveryParamsSchema,
        response: { 200: DeliverySchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => {
      const actor = adminActor(request);
      const result = await outbox.retry(request.params.deliveryId, (trx, before, after) =>
        admin.auditDeliveryRetry(trx, actor, before, after),
      );
      if (result === undefined) throw new NotFoundError('No such delivery.');
      if (result === 'not-retryable') {
        throw new ConflictError('Only a failed or skipped delivery can be retried.');
      }
      request.log.info({ deliveryId: result.id }, 'delivery queued again by an admin');
      return result;
    },
  );
};

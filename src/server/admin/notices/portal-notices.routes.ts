import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema } from '../../../shared/api/schemas.js';
import {
  PortalNoticeCreateSchema,
  PortalNoticeListSchema,
  PortalNoticeParamsSchema,
  PortalNoticePatchSchema,
  PortalNoticeSchema,
} from '../../../shared/api/notice-schemas.js';
import { BadRequestError } from '../../http/errors.js';
import { requireAdmin } from '../admin-guard.js';
import { actorOf } from '../app-snapshot.js';
import type { PortalNoticesService } from './portal-notices.service.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestError('The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/**
 * /api/admin/notices: notices admins post with a start and an end (docs/admin.md). Registered
 * inside the admin routes' scope: their guard (admin role, before the body is read) applies.
 */
export const portalNoticesRoutes: FastifyPluginAsyncTypebox<{
  notices: PortalNoticesService;
  adminRole: string;
}> = async (app, { notices, adminRole }) => {
  const tags = ['admin'];
  const actor = (request: Parameters<typeof requireAdmin>[0]) =>
    actorOf(requireAdmin(request, adminRole));

  app.get(
    '/api/admin/notices',
    {
      schema: {
        tags,
        summary: 'Every portal notice, past, current and future.',
        response: { 200: PortalNoticeListSchema, ...errors },
      },
    },
    async () => ({ items: await notices.list() }),
  );

  app.post(
    '/api/admin/notices',
    {
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Posts a notice shown in GET /api/notices between startsAt and endsAt (at most 90 days); 400 names each bad field in data.fields.',
        body: PortalNoticeCreateSchema,
        response: { 201: PortalNoticeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await notices.create(actor(request), bodyObject(request.body));
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/admin/notices/:noticeId',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Changes a notice; 400 names each bad field in data.fields.',
        params: PortalNoticeParamsSchema,
        body: PortalNoticePatchSchema,
        response: { 200: PortalNoticeSchema, ...errors },
      },
    },
    async (request) =>
      notices.update(actor(request), String(request.params.noticeId), bodyObject(request.body)),
  );

  app.delete(
    '/api/admin/notices/:noticeId',
    {
      schema: {
        tags,
        summary: 'Deletes a notice (the audit log keeps what it said).',
        params: PortalNoticeParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...errors },
      },
    },
    async (request, reply) => {
      await notices.remove(actor(request), request.params.noticeId);
      return reply.code(204).send(null);
    },
  );
};

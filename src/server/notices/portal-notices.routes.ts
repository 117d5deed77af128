import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema } from '../../shared/api/schemas.js';
import {
  PortalNoticeCreateSchema,
  PortalNoticeListQuerySchema,
  PortalNoticeListSchema,
  PortalNoticeParamsSchema,
  PortalNoticePatchSchema,
  PortalNoticeSchema,
} from '../../shared/api/notice-schemas.js';
import { pageOf } from '../../shared/api/list-schemas.js';
import { adminActor, bodyObject } from '../admin-http/admin-request.js';
import type { PortalNoticesService } from './portal-notices.service.js';
import { NoticeAcknowledgementsSchema } from '../../shared/api/notice-schemas.js';
import { acknowledgementsCsv, type NoticeReceipts } from './notice-receipts.service.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * /api/admin/notices: notices admins post with a start and an end (docs/admin.md). Registered
 * inside the admin routes' scope: their guard (admin role, before the body is read) applies.
 */
export const portalNoticesRoutes: FastifyPluginAsyncTypebox<{
  notices: PortalNoticesService;
  /** The acknowledgements of notices that require them. */
  receipts?: NoticeReceipts;
}> = async (app, { notices, receipts }) => {
  const tags = ['admin'];

  app.get(
    '/api/admin/notices',
    {
      schema: {
        operationId: 'listPortalNotices',
        tags,
        summary: 'Every portal notice, past, current and future.',
        querystring: PortalNoticeListQuerySchema,
        response: { 200: PortalNoticeListSchema, ...errors },
      },
    },
    async (request) => pageOf(await notices.list(), request.query.page, request.query.perPage),
  );

  app.post(
    '/api/admin/notices',
    {
      attachValidation: true,
      schema: {
        operationId: 'createPortalNotice',
        tags,
        summary:
          'Posts a notice shown in GET /api/notices between startsAt and endsAt (at most 90 days); 400 names each bad field in data.fields.',
        body: PortalNoticeCreateSchema,
        response: { 201: PortalNoticeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await notices.create(adminActor(request), bodyObject(request.body));
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/admin/notices/:noticeId',
    {
      attachValidation: true,
      schema: {
        operationId: 'updatePortalNotice',
        tags,
        summary: 'Changes a notice; 400 names each bad field in data.fields.',
        params: PortalNoticeParamsSchema,
        body: PortalNoticePatchSchema,
        response: { 200: PortalNoticeSchema, ...errors },
      },
    },
    async (request) =>
      notices.update(
        adminActor(request),
        String(request.params.noticeId),
        bodyObject(request.body),
      ),
  );

  app.delete(
    '/api/admin/notices/:noticeId',
    {
      schema: {
        operationId: 'deletePortalNotice',
        tags,
        summary: 'Deletes a notice (the audit log keeps what it said).',
        params: PortalNoticeParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...errors },
      },
    },
    async (request, reply) => {
      await notices.remove(adminActor(request), request.params.noticeId);
      return reply.code(204).send(null);
    },
  );

  if (receipts) {
    app.get(
      '/api/admin/notices/:noticeId/acknowledgements',
      {
        schema: {
          operationId: 'listNoticeAcknowledgements',
          tags,
          summary:
            'Who acknowledged a notice and who in its audience (people who signed in) has not; with Accept: text/csv one row per person with a status column.',
          params: PortalNoticeParamsSchema,
          response: { 200: NoticeAcknowledgementsSchema, ...errors },
        },
      },
      async (request, reply) => {
        const report = await receipts.acknowledgements(request.params.noticeId);
        reply.header('Vary', 'Accept');
        if (!/\btext\/csv\b/i.test(request.headers.accept ?? '')) return report;
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header(
            'Content-Disposition',
            `attachment; filename="notice-${report.notice.id}-acknowledgements.csv"`,
          )
          .send(acknowledgementsCsv(report) as never); // text, not the JSON schema's object
      },
    );
  }
};

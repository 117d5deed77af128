import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppIdParamsSchema, ErrorSchema } from '../../shared/api/schemas.js';
import { requirePrincipal } from '../auth/authenticate.js';
import { MAX_REPORT_MESSAGE, type ReportsService } from './reports.service.js';

/** The body of a report: what went wrong, in the reporter's words. */
export const ReportBodySchema = Type.Object(
  {
    message: Type.String({
      minLength: 1,
      maxLength: MAX_REPORT_MESSAGE,
      description: `What went wrong, in plain text: not empty once trimmed, at most ${MAX_REPORT_MESSAGE} characters.`,
    }),
  },
  { additionalProperties: false },
);

export const ReportQueuedSchema = Type.Object(
  { queued: Type.Literal(true) },
  { description: 'The report is queued for the app’s support address.' },
);

const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  429: ErrorSchema,
};

/**
 * POST /api/apps/{appId}/report (docs/networks.md, "Reporting a problem"): signed-in callers
 * only, checked before the body; the portal's write rate limit and same-origin check apply as
 * to every state-changing /api/ request, and the reports' own per-person limits on top.
 */
export const reportsRoutes: FastifyPluginAsyncTypebox<{ reports: ReportsService }> = async (
  app,
  { reports },
) => {
  app.post(
    '/api/apps/:appId/report',
    {
      // An anonymous call gets 401 before its body is validated (as the access routes).
      onRequest: async (request) => {
        requirePrincipal(request);
      },
      schema: {
        operationId: 'reportProblem',
        tags: ['catalog'],
        summary:
          'Reports a problem with an app the caller may open to its support contact (the ' +
          'mailto: address of its `support` link), by mail through the outbox, with the status ' +
          'the portal shows and the name of the caller’s network (never their address); ' +
          'audited (`report`). 404 for an app the caller may not open, as for one that does ' +
          'not exist; 409 when the app has no support e-mail address; 429 over the ' +
          'per-person limits (Retry-After).',
        params: AppIdParamsSchema,
        body: ReportBodySchema,
        response: { 202: ReportQueuedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await reports.report(
        requirePrincipal(request),
        request.params.appId,
        request.body,
        await request.network(),
      );
      return reply.code(202).send({ queued: true as const });
    },
  );
};

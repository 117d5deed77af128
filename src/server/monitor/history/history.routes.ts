import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppIdParamsSchema, ErrorSchema } from '../../../shared/api/schemas.js';
import {
  StripsSchema,
  UptimeQuerySchema,
  UptimeSchema,
} from '../../../shared/status/history-schemas.js';
import type { UptimeService } from './uptime.service.js';

export const historyRoutes: FastifyPluginAsyncTypebox<{ uptime: UptimeService }> = async (
  app,
  { uptime },
) => {
  app.get(
    '/api/status-history',
    {
      schema: {
        operationId: 'getStatusHistory',
        tags: ['monitor'],
        summary: 'The last 24 h of every app the caller may see, as compact strips for the cards.',
        description:
          'One item per visible app with a history: `strip` has one character per 30 minutes, oldest first, giving the worst state seen in it (d down, p pending, m maintenance, u up, - unknown); `uptime` as in /api/apps/{id}/uptime; `changesLastHour` counts state changes in the last hour (3 or more: flapping). Recomputed at most once a minute unless the history changes.',
        response: { 200: StripsSchema, 401: ErrorSchema },
      },
    },
    async (request) => uptime.stripsFor(request.principal),
  );

  app.get(
    '/api/apps/:appId/uptime',
    {
      schema: {
        operationId: 'getAppUptime',
        tags: ['monitor'],
        summary: 'Status history of an app the caller may see: buckets, uptime, recent changes.',
        description:
          'From the status history (docs/monitor.md). `buckets` split the range ending now into equal slices (48 for 24h, 168 for 7d, 30 for 30d), each giving the share of its time per state; time without data is `unknown`. `uptime` is up / (up + down + pending): maintenance and unknown time count neither as up nor as down. An app the caller may not see answers 404, like an unknown one.',
        params: AppIdParamsSchema,
        querystring: UptimeQuerySchema,
        response: { 200: UptimeSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) =>
      uptime.uptimeOf(request.principal, request.params.appId, request.query.range),
  );
};

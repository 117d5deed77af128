import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../../../shared/api/schemas.js';
import { NoticesSchema } from '../../../shared/status/history-schemas.js';
import type { NoticesService } from './notices.service.js';

export const noticesRoutes: FastifyPluginAsyncTypebox<{ notices: NoticesService }> = async (
  app,
  { notices },
) => {
  app.get(
    '/api/notices',
    {
      schema: {
        operationId: 'listNotices',
        tags: ['monitor'],
        summary: 'Active incident and maintenance notices, and the caller’s apps in maintenance.',
        description:
          'Notices posted by admins (POST /api/admin/notices) while in force, then those of the Uptime Kuma status page named by UPTIME_KUMA_STATUS_PAGE, read by the monitor once per cycle (docs/monitor.md). A portal notice lists in `appIds` only the apps the caller may see. `title` and `text` are plain text: show them as text, never as HTML. `maintenance` lists the ids of the apps the caller may see whose status is Maintenance.',
        response: { 200: NoticesSchema, 401: ErrorSchema },
      },
    },
    async (request) => notices.noticesFor(request.principal),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../../shared/api/schemas.js';
import { NoticesSchema } from '../../shared/status/history-schemas.js';
import { addVary } from '../http/compressed-bodies.js';
import type { NoticesService } from './notices.service.js';

export const noticesRoutes: FastifyPluginAsyncTypebox<{
  notices: NoticesService;
  /** DEFAULT_LANGUAGE: notices given per language fall back to it. */
}> = async (app, { notices }) => {
  app.get(
    '/api/notices',
    {
      schema: {
        operationId: 'listNotices',
        tags: ['monitor'],
        summary: 'Active incident and maintenance notices, and the caller’s apps in maintenance.',
        description:
          'Notices posted by admins (POST /api/admin/notices) while in force, then those of the Uptime Kuma status page named by UPTIME_KUMA_STATUS_PAGE, read by the monitor once per cycle (docs/monitor.md). A portal notice lists in `appIds` only the apps the caller may see. `title` and `text` are plain text: show them as text, never as HTML; a portal notice’s `text` is in the caller’s language (the lang cookie, then Accept-Language) when given in it, else in the default language. `maintenance` lists the ids of the apps the caller may see whose status is Maintenance.',
        response: { 200: NoticesSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      addVary(reply, 'Accept-Language');
      addVary(reply, 'Cookie');
      return notices.noticesFor(request.principal, request.language);
    },
  );
};

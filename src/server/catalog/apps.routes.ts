import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppListQuerySchema, AppListSchema, ErrorSchema } from '../../shared/api/schemas.js';
import type { AppsService } from './apps.service.js';

export const appsRoutes: FastifyPluginAsyncTypebox<{ apps: AppsService }> = async (
  app,
  { apps },
) => {
  app.get(
    '/api/apps',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Apps the caller may see, sorted by category then name.',
        querystring: AppListQuerySchema,
        response: { 200: AppListSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => apps.listVisibleApps(request.principal, request.query),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AppListQuerySchema,
  AppListSchema,
  ErrorSchema,
  type AppList,
} from '../../shared/api/schemas.js';
import type { AppsService } from './apps.service.js';

export const appsRoutes: FastifyPluginAsyncTypebox<{ apps: AppsService }> = async (
  app,
  { apps },
) => {
  app.get(
    '/api/apps',
    {
      schema: {
        operationId: 'listApps',
        tags: ['catalog'],
        summary: 'Apps the caller may see, sorted by category then name.',
        querystring: AppListQuerySchema,
        response: { 200: AppListSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      // The route's own compiled response serialiser: the schema still decides what is sent.
      const serialise = reply.getSerializationFunction('200');
      if (!serialise) throw new Error('GET /api/apps has no 200 response schema');
      const json = await apps.listVisibleAppsJson(
        request.principal,
        request.query,
        (list: AppList) => serialise(list),
      );
      // Already-serialised JSON text is sent as is (the type provider only knows the object form).
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
};

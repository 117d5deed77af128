import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CatalogListSchema, type CatalogList } from '../../shared/api/access-schemas.js';
import { AppListQuerySchema, ErrorSchema } from '../../shared/api/schemas.js';
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
        summary:
          'Apps the caller may see, sorted by category then name; for a signed-in caller also ' +
          'a locked card (locked: true, no links) for each app they may request access to.',
        querystring: AppListQuerySchema,
        response: { 200: CatalogListSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      // The route's own compiled response serialiser: the schema still decides what is sent.
      const serialise = reply.getSerializationFunction('200');
      if (!serialise) throw new Error('GET /api/apps has no 200 response schema');
      const json = await apps.listCatalogJson(
        request.principal,
        request.query,
        (list: CatalogList) => serialise(list as unknown as Record<string, unknown>),
      );
      // Already-serialised JSON text is sent as is (the type provider only knows the object form).
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthSchema, PortalInfoSchema, type PortalInfo } from '../../shared/api/schemas.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness check.', response: { 200: HealthSchema } } },
    async () => ({ status: 'ok' as const }),
  );
};

/** The portal's configured texts, for the SPA's header and footer. */
export const portalInfoRoutes: FastifyPluginAsyncTypebox<{ portal: PortalInfo }> = async (
  app,
  { portal },
) => {
  app.get(
    '/api/portal',
    {
      schema: {
        tags: ['system'],
        summary: 'Title, sub-title and footer of the portal.',
        response: { 200: PortalInfoSchema },
      },
    },
    async () => portal,
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LiveSchema, ReadinessSchema } from '../../shared/api/health.js';
import { HealthSchema, PortalInfoSchema, type PortalInfo } from '../../shared/api/schemas.js';
import { readiness, type ReadinessChecks } from './readiness.js';
import { addVary } from '../http/compressed-bodies.js';

/**
 * Health checks for orchestrators and load balancers: outside the authentication scope, never
 * rate-limited (http/rate-limits.ts), cheap. `/api/health` is kept as it was (liveness).
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ checks: ReadinessChecks }> = async (
  app,
  { checks },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'Liveness check.',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/health/live',
    {
      schema: {
        operationId: 'getLiveness',
        tags: ['system'],
        summary: 'Liveness: the process is up and answers.',
        response: { 200: LiveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['system'],
        summary: 'Readiness: database, migrations and catalog; identity provider and monitor.',
        description:
          '200 `ready`, or `degraded` when the database refuses writes (`reasons` says why) or the identity provider or a monitor source is failing (the portal still serves its catalog); 503 `not-ready` when the database does not answer, a migration is missing or the catalog cannot be loaded.',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const result = await readiness(checks);
      return reply.code(result.status === 'not-ready' ? 503 : 200).send(result);
    },
  );
};

/**
 * The portal's texts and branding, for the SPA's header and footer: the configuration's, with
 * what admins set over them (the composition root hands the reader, src/server/branding).
 */
export const portalInfoRoutes: FastifyPluginAsyncTypebox<{
  /** The branding, its texts in `language` (those given per language; docs/admin.md). */
  portal: (language?: string) => Promise<PortalInfo>;
}> = async (app, { portal }) => {
  app.get(
    '/api/portal',
    {
      schema: {
        operationId: 'getPortalInfo',
        tags: ['system'],
        summary:
          'Title, sub-title, footer and its link, accent colour, logo and favicon of the portal.',
        response: { 200: PortalInfoSchema },
      },
    },
    async (request, reply) => {
      addVary(reply, 'Accept-Language');
      addVary(reply, 'Cookie');
      return portal(request.language);
    },
  );
};

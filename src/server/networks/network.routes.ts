import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { VisitorNetworkSchema } from '../../shared/api/network-schemas.js';

/**
 * GET /api/network: the network the visitor is on (docs/networks.md), by id and name; never the
 * visitor's address. Not kept by any cache: the answer depends on where the request comes from.
 */
export const networkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/network',
    {
      schema: {
        operationId: 'getVisitorNetwork',
        tags: ['network'],
        summary: 'The network (campus, VPN...) the request comes from; nulls when none.',
        response: { 200: VisitorNetworkSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const network = await request.network();
      return { network: network?.id ?? null, name: network?.name ?? null };
    },
  );
};

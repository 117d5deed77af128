import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NetworkListInputSchema, NetworkListSchema } from '../../shared/api/network-schemas.js';
import { ADMIN_ERRORS } from '../admin-http/admin-errors.js';
import { adminActor, bodyObject } from '../admin-http/admin-request.js';
import type { NetworksAdminService } from './admin-networks.service.js';

const tags = ['admin'];

/**
 * /api/admin/networks: the networks admins define (docs/networks.md). Registered inside the admin
 * routes' scope: its guard (admin role, before the body is read), same-origin check and limits.
 */
export const adminNetworksRoutes: FastifyPluginAsyncTypebox<{
  networks: NetworksAdminService;
}> = async (app, { networks }) => {
  app.get(
    '/api/admin/networks',
    {
      schema: {
        operationId: 'listNetworks',
        tags,
        summary: 'The networks (campus, VPN...): name, ranges, help link and text, in order.',
        response: { 200: NetworkListSchema, ...ADMIN_ERRORS },
      },
    },
    async () => networks.list(),
  );

  app.put(
    '/api/admin/networks',
    {
      attachValidation: true,
      schema: {
        operationId: 'replaceNetworks',
        tags,
        summary:
          'Replaces the whole list of networks (audited). 400 names every bad range, id, help link or list size, and a network an app still names; 409 when `version` is given and the list changed since it was read (the current list in `data`); nothing is saved then.',
        body: NetworkListInputSchema,
        response: { 200: NetworkListSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => networks.replace(adminActor(request), bodyObject(request.body)),
  );
};

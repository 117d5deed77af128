import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  GroupChannelInputListSchema,
  GroupChannelListSchema,
} from '../../shared/api/group-channel-schemas.js';
import { ErrorSchema } from '../../shared/api/schemas.js';
import { requirePrincipal } from '../auth/authenticate.js';
import type { GroupChannelsService } from './group-channels.service.js';

const tags = ['admin'];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/**
 * /api/admin/group-channels (docs/notifications.md, "Group channels"): admins and the approvers
 * of a group's access requests. Outside the admin scope (approvers are not admins), so each
 * route checks the caller first, before the body; the portal's same-origin check and write rate
 * limit apply as to every state-changing /api/ request.
 */
export const groupChannelsRoutes: FastifyPluginAsyncTypebox<{
  channels: GroupChannelsService;
}> = async (app, { channels }) => {
  app.get(
    '/api/admin/group-channels',
    {
      schema: {
        operationId: 'listGroupChannels',
        tags,
        summary:
          'The group channels the caller manages (admins: all; a group’s approvers: their groups’), with each one’s signing secret. 403 for anyone else.',
        response: { 200: GroupChannelListSchema, ...errors },
      },
    },
    async (request) => channels.list(requirePrincipal(request)),
  );

  app.put(
    '/api/admin/group-channels',
    {
      onRequest: async (request) => {
        requirePrincipal(request);
      },
      attachValidation: true,
      schema: {
        operationId: 'replaceGroupChannels',
        tags,
        summary:
          'Replaces the group channels the caller manages (audited as `group-channels`, without secrets); others’ stay. A channel whose group and URL stay keeps its secret; a new one gets one. 400 names every bad group, URL (https; http only to this machine), format or repeated group and URL; 403 for a channel of a group the caller does not approve; nothing is saved then.',
        body: GroupChannelInputListSchema,
        response: { 200: GroupChannelListSchema, ...errors },
      },
    },
    async (request) => channels.replace(requirePrincipal(request), request.body),
  );
};

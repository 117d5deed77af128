import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FavoriteOrderSchema } from '../../shared/api/favorite-schemas.js';
import { AppIdParamsSchema, ErrorSchema, MeSchema } from '../../shared/api/schemas.js';
import { requirePrincipal } from '../auth/authenticate.js';
import { addressNetworkOf } from '../networks/visitor-network.js';
import type { UsersService } from './users.service.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 503: ErrorSchema };

export const meRoutes: FastifyPluginAsyncTypebox<{
  users: UsersService;
  /** DEFAULT_LANGUAGE: favorites' texts are in the request's language, else this one. */
}> = async (app, { users }) => {
  app.get(
    '/api/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['me'],
        summary:
          'The signed-in user, with favorites they may still see (links as seen from their network, as in GET /api/apps).',
        response: { 200: MeSchema, ...errors },
      },
    },
    async (request) =>
      users.me(
        requirePrincipal(request),
        undefined,
        request.language,
        await addressNetworkOf(request),
      ),
  );

  app.put(
    '/api/me/favorites',
    {
      schema: {
        operationId: 'setFavorites',
        tags: ['me'],
        summary:
          'Sets the whole ordered list of favorites (400 and no change for an app twice or one the caller may not see); returns the updated user.',
        body: FavoriteOrderSchema,
        response: { 200: MeSchema, ...errors },
      },
    },
    async (request) =>
      users.setFavoriteOrder(
        requirePrincipal(request),
        request.body.appIds,
        request.language,
        await addressNetworkOf(request),
      ),
  );

  app.put(
    '/api/me/favorites/:appId',
    {
      schema: {
        operationId: 'addFavorite',
        tags: ['me'],
        summary: 'Adds an app to the favorites (idempotent); returns the updated user.',
        params: AppIdParamsSchema,
        response: { 200: MeSchema, ...errors },
      },
    },
    async (request) =>
      users.addFavorite(
        requirePrincipal(request),
        request.params.appId,
        request.language,
        await addressNetworkOf(request),
      ),
  );

  app.delete(
    '/api/me/favorites/:appId',
    {
      schema: {
        operationId: 'removeFavorite',
        tags: ['me'],
        summary: 'Removes an app from the favorites (idempotent); returns the updated user.',
        params: AppIdParamsSchema,
        response: { 200: MeSchema, ...errors },
      },
    },
    async (request) =>
      users.removeFavorite(
        requirePrincipal(request),
        request.params.appId,
        request.language,
        await addressNetworkOf(request),
      ),
  );
};

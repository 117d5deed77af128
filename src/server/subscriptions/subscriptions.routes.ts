import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppIdParamsSchema, ErrorSchema } from '../../shared/api/schemas.js';
import {
  SubscriptionsInputSchema,
  SubscriptionsSchema,
} from '../../shared/api/subscription-schemas.js';
import { requirePrincipal } from '../auth/authenticate.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * A signed-in person's status subscriptions (docs/notifications.md, "Status subscriptions"):
 * `GET`/`PUT /api/me/subscriptions`, `PUT`/`DELETE /api/me/subscriptions/apps/{appId}`. Writes
 * from a browser session pass the same-origin check of every signed-in write (the session
 * authenticator); each change is audited.
 */
export const subscriptionsRoutes: FastifyPluginAsyncTypebox<{
  subscriptions: SubscriptionsService;
}> = async (app, { subscriptions }) => {
  app.get(
    '/api/me/subscriptions',
    {
      schema: {
        operationId: 'getSubscriptions',
        tags: ['me'],
        summary:
          'What the signed-in caller follows and how they are told (defaults when never set); `apps` lists only apps they may still see.',
        response: { 200: SubscriptionsSchema, ...errors },
      },
    },
    async (request) => subscriptions.get(requirePrincipal(request), request.language),
  );

  app.put(
    '/api/me/subscriptions',
    {
      schema: {
        operationId: 'setSubscriptions',
        tags: ['me'],
        summary:
          'Sets the whole object (all fields but `email`); 400 and no change for an unknown event, a digest outside 0-1440, a time not HH:MM, an unknown time zone or an app the caller may not see.',
        body: SubscriptionsInputSchema,
        response: { 200: SubscriptionsSchema, ...errors },
      },
    },
    async (request) =>
      subscriptions.replace(requirePrincipal(request), request.body, request.language),
  );

  app.put(
    '/api/me/subscriptions/apps/:appId',
    {
      schema: {
        operationId: 'followApp',
        tags: ['me'],
        summary:
          'Follows an app (idempotent); returns the whole object. 404 for an app the caller may not see.',
        params: AppIdParamsSchema,
        response: { 200: SubscriptionsSchema, ...errors },
      },
    },
    async (request) =>
      subscriptions.follow(requirePrincipal(request), request.params.appId, request.language),
  );

  app.delete(
    '/api/me/subscriptions/apps/:appId',
    {
      schema: {
        operationId: 'unfollowApp',
        tags: ['me'],
        summary:
          'Stops following an app (idempotent); returns the whole object. 404 for an app the caller may not see.',
        params: AppIdParamsSchema,
        response: { 200: SubscriptionsSchema, ...errors },
      },
    },
    async (request) =>
      subscriptions.unfollow(requirePrincipal(request), request.params.appId, request.language),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AccessDecisionResultSchema,
  AccessDecisionSchema,
  AccessExpirySchema,
  AccessRequestCreateSchema,
  AccessRequestListQuerySchema,
  AccessRequestListSchema,
  AccessRequestParamsSchema,
  AccessRequestSchema,
  InboxListSchema,
  InboxQuerySchema,
} from '../../shared/api/access-schemas.js';
import { ErrorSchema } from '../../shared/api/schemas.js';
import { requirePrincipal } from '../auth/authenticate.js';
import type { AccessService } from './access.service.js';

const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  429: ErrorSchema,
  503: ErrorSchema,
};

/**
 * The access request routes (docs/access-requests.md). Signed-in callers only; writes follow
 * the portal's same-origin check (session cookie) and the write rate limit like every other
 * state-changing /api/ request.
 */
export const accessRoutes: FastifyPluginAsyncTypebox<{ access: AccessService }> = async (
  app,
  { access },
) => {
  // Who is calling comes first, as on the admin routes: an anonymous call gets 401 before its
  // body or query is validated, so it learns nothing of what the routes take.
  app.addHook('onRequest', async (request) => {
    requirePrincipal(request);
  });

  app.get(
    '/api/access-requests',
    {
      schema: {
        operationId: 'listMyAccessRequests',
        tags: ['access'],
        summary: 'The caller’s own access requests, newest first.',
        querystring: AccessRequestListQuerySchema,
        response: { 200: AccessRequestListSchema, ...errors },
      },
    },
    async (request) => access.listMine(requirePrincipal(request), request.query),
  );

  app.post(
    '/api/access-requests',
    {
      schema: {
        operationId: 'createAccessRequest',
        tags: ['access'],
        summary:
          'Asks for access to a requestable app (one open request per app); 404 for an app ' +
          'the caller may not request, as for one that does not exist.',
        body: AccessRequestCreateSchema,
        response: { 201: AccessRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await access.create(requirePrincipal(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/access-requests/:id',
    {
      schema: {
        operationId: 'withdrawAccessRequest',
        tags: ['access'],
        summary: 'Withdraws the caller’s own open request.',
        params: AccessRequestParamsSchema,
        response: { 204: Type.Null({ description: 'Withdrawn.' }), ...errors },
      },
    },
    async (request, reply) => {
      await access.withdraw(requirePrincipal(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/access-requests/inbox',
    {
      schema: {
        operationId: 'listAccessInbox',
        tags: ['access'],
        summary:
          'Requests for the apps the caller approves (admins: every app), pending or decided; ' +
          '403 for someone who approves nothing.',
        querystring: InboxQuerySchema,
        response: { 200: InboxListSchema, ...errors },
      },
    },
    async (request) => access.inbox(requirePrincipal(request), request.query),
  );

  app.post(
    '/api/access-requests/:id/decision',
    {
      schema: {
        operationId: 'decideAccessRequest',
        tags: ['access'],
        summary:
          'Approves or declines a pending request (403 for an app the caller does not ' +
          'approve; 409 when already decided).',
        params: AccessRequestParamsSchema,
        body: AccessDecisionSchema,
        response: { 200: AccessDecisionResultSchema, ...errors },
      },
    },
    async (request) => access.decide(requirePrincipal(request), request.params.id, request.body),
  );

  app.post(
    '/api/access-requests/:id/expiry',
    {
      schema: {
        operationId: 'setAccessExpiry',
        tags: ['access'],
        summary:
          'Admins only: sets when an approved request’s access ends (shorter, longer, or a time ' +
          'already past: the next run of the access jobs removes the membership). Audited ' +
          '(`access-expiry`); 403 for others, 409 when the request is not approved.',
        params: AccessRequestParamsSchema,
        body: AccessExpirySchema,
        response: { 200: AccessRequestSchema, ...errors },
      },
    },
    async (request) => access.setExpiry(requirePrincipal(request), request.params.id, request.body),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminGroupsSchema,
  AuditListSchema,
  AuditQuerySchema,
  PreviewQuerySchema,
} from '../../shared/api/admin-schemas.js';
import { AppListSchema, type AppList } from '../../shared/api/schemas.js';
import type { AppsService } from '../catalog/apps.service.js';
import { ADMIN_ERRORS } from './admin-errors.js';
import type { AdminService } from './admin.service.js';

const tags = ['admin'];

/** What admins look up beside the apps: the audit log, a viewer's preview, the group names. */
export const adminLookupsRoutes: FastifyPluginAsyncTypebox<{
  admin: AdminService;
  appsService: AppsService;
}> = async (app, { admin, appsService }) => {
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first; filter by app and actor, page with before.',
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => admin.audit(request.query),
  );

  app.get(
    '/api/admin/preview',
    {
      schema: {
        tags,
        summary: 'Exactly the GET /api/apps answer of a viewer with these groups (or anonymous).',
        querystring: PreviewQuerySchema,
        response: { 200: AppListSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const { groups, anonymous, page, perPage } = request.query;
      const names = (groups ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const viewer = anonymous ? null : { groups: names };
      const serialise = reply.getSerializationFunction('200');
      if (!serialise) throw new Error('GET /api/admin/preview has no 200 response schema');
      const json = await appsService.listVisibleAppsJson(
        viewer,
        { page, perPage },
        (list: AppList) => serialise(list),
      );
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/api/admin/groups',
    {
      schema: {
        tags,
        summary: 'Group names seen in the catalog and on users, for the group picker.',
        response: { 200: AdminGroupsSchema, ...ADMIN_ERRORS },
      },
    },
    async () => admin.groups(),
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminGroupsQuerySchema,
  AdminGroupsSchema,
  AuditListSchema,
  AuditQuerySchema,
  PreviewQuerySchema,
} from '../../shared/api/admin-schemas.js';
import { AppListSchema, type AppList } from '../../shared/api/schemas.js';
import type { AppsService } from '../catalog/apps.service.js';
import type { GroupDirectory } from '../directory/keycloak-directory.js';
import { ADMIN_ERRORS } from '../admin-http/admin-errors.js';
import type { AdminService } from './admin.service.js';

const tags = ['admin'];

/** What admins look up beside the apps: the audit log, a viewer's preview, the group names. */
export const adminLookupsRoutes: FastifyPluginAsyncTypebox<{
  admin: AdminService;
  appsService: AppsService;
  /** The identity provider's groups (service account set); null: groups seen on apps and users. */
  directory?: Pick<GroupDirectory, 'listGroups'> | null;
}> = async (app, { admin, appsService, directory }) => {
  app.get(
    '/api/admin/audit',
    {
      schema: {
        operationId: 'listAuditEntries',
        tags,
        summary: 'The audit log, newest first; filter by app and actor; page with page/perPage.',
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => {
      const { limit, perPage, ...filter } = request.query;
      return admin.audit({ ...filter, perPage: limit ?? perPage });
    },
  );

  app.get(
    '/api/admin/preview',
    {
      schema: {
        operationId: 'previewApps',
        tags,
        summary: 'Exactly the GET /api/apps answer of a viewer with these groups (or anonymous).',
        querystring: PreviewQuerySchema,
        response: { 200: AppListSchema, ...ADMIN_ERRORS },
      },
    },
    async (request, reply) => {
      const { groups, anonymous, network, page, perPage } = request.query;
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
        undefined,
        // As GET /api/apps answers: anonymous viewers are from no network (addressNetworkOf).
        anonymous ? null : (network ?? null),
      );
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get(
    '/api/admin/groups',
    {
      schema: {
        operationId: 'listGroups',
        tags,
        summary:
          "Group names for the group picker: the identity provider's groups when its service account is set (KEYCLOAK_ADMIN_CLIENT_ID), else those seen in the catalog and on users.",
        querystring: AdminGroupsQuerySchema,
        response: { 200: AdminGroupsSchema, ...ADMIN_ERRORS },
      },
    },
    async (request) => {
      const { page, perPage } = request.query;
      let real: string[] | undefined;
      if (directory) {
        try {
          real = await directory.listGroups();
        } catch (error) {
          // The picker still works: it offers the groups seen on apps and users.
          request.log.warn({ error: (error as Error).message }, 'group directory not available');
        }
      }
      return admin.groups(page, perPage, real);
    },
  );
};

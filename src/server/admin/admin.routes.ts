import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppsService } from '../catalog/apps.service.js';
import { adminAppsRoutes } from './admin-apps.routes.js';
import { registerAdminBodyParsers } from './admin-body-parsers.js';
import { adminLookupsRoutes } from './admin-lookups.routes.js';
import { requireAdminActor } from './admin-request.js';
import type { AdminService } from './admin.service.js';
import { catalogTransferRoutes } from './catalog-transfer.routes.js';
import type { CatalogTransferService } from './catalog-transfer.service.js';
import { portalNoticesRoutes } from './notices/portal-notices.routes.js';
import type { PortalNoticesService } from './notices/portal-notices.service.js';

export interface AdminRoutesOptions {
  adminRole: string;
  admin: AdminService;
  transfer: CatalogTransferService;
  notices: PortalNoticesService;
  /** The read side's lists, for the preview of what a viewer sees. */
  appsService: AppsService;
  /** The monitor's current status of an app link, shown in the admin list when known. */
  statusOf?: (link: string) => number | undefined;
}

/**
 * /api/admin/*: the catalog as admins run it (docs/admin.md), in one scope: every route requires
 * the admin role, checked (and the actor resolved) before the body is even read; the scope's
 * body parsers read logos and catalog files as bytes.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, options) => {
  requireAdminActor(app, options.adminRole);
  await registerAdminBodyParsers(app);
  await app.register(portalNoticesRoutes, { notices: options.notices });
  await app.register(adminAppsRoutes, { admin: options.admin, statusOf: options.statusOf });
  await app.register(adminLookupsRoutes, {
    admin: options.admin,
    appsService: options.appsService,
  });
  await app.register(catalogTransferRoutes, { transfer: options.transfer });
};

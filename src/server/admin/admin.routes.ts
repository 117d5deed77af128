import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppsService } from '../catalog/apps.service.js';
import type { GroupDirectory } from '../directory/keycloak-directory.js';
import type { OutboxAdmin } from '../outbox/outbox.js';
import { adminOutboxRoutes } from './admin-outbox.routes.js';
import { adminAppsRoutes } from './admin-apps.routes.js';
import { registerAdminBodyParsers } from './admin-body-parsers.js';
import { adminLookupsRoutes } from './admin-lookups.routes.js';
import { adminNetworksRoutes } from './admin-networks.routes.js';
import type { NetworksAdminService } from './admin-networks.service.js';
import { portalBrandingRoutes } from '../branding/portal-branding.routes.js';
import type { PortalBrandingService } from '../branding/portal-branding.service.js';
import { requireAdminActor } from '../admin-http/admin-request.js';
import type { AdminService } from './admin.service.js';
import { catalogTransferRoutes } from './catalog-transfer.routes.js';
import { bundledIcons } from '../files/icons/catalog-icons.js';
import type { IconSet } from '../files/icons/icon-set.js';
import { iconsRoutes } from './icons.routes.js';
import type { CatalogTransferService } from './catalog-transfer.service.js';

export interface AdminRoutesOptions {
  adminRole: string;
  admin: AdminService;
  transfer: CatalogTransferService;
  /**
   * The admin routes of features above this layer (the notices), registered first in this
   * scope, behind its guard and body parsers.
   */
  above?: readonly ((scope: FastifyInstance) => PromiseLike<unknown>)[];
  /** The portal's branding (/api/admin/portal). */
  branding?: PortalBrandingService;
  /** The read side's lists, for the preview of what a viewer sees. */
  appsService: AppsService;
  /** The monitor's current status of an app link, shown in the admin list when known. */
  statusOf?: (link: string) => number | undefined;
  /** The offline icon set of the logo picker; the installed one when not given. */
  icons?: IconSet;
  /** The identity provider's groups for the group picker; null or absent: groups seen here. */
  directory?: GroupDirectory | null;
  /** The deliveries of the access notifications (GET /api/admin/outbox). */
  outbox?: OutboxAdmin;
  /** The networks admins define (/api/admin/networks). */
  networks?: NetworksAdminService;
}

/**
 * /api/admin/*: the catalog as admins run it (docs/admin.md), in one scope: every route requires
 * the admin role, checked (and the actor resolved) before the body is even read; the scope's
 * body parsers read logos and catalog files as bytes.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, options) => {
  requireAdminActor(app, options.adminRole);
  await registerAdminBodyParsers(app);
  for (const register of options.above ?? []) await register(app);
  if (options.branding) await app.register(portalBrandingRoutes, { branding: options.branding });
  await app.register(adminAppsRoutes, { admin: options.admin, statusOf: options.statusOf });
  await app.register(adminLookupsRoutes, {
    admin: options.admin,
    appsService: options.appsService,
    directory: options.directory,
  });
  if (options.outbox) {
    await app.register(adminOutboxRoutes, { outbox: options.outbox, admin: options.admin });
  }
  if (options.networks) await app.register(adminNetworksRoutes, { networks: options.networks });
  await app.register(catalogTransferRoutes, { transfer: options.transfer });
  await app.register(iconsRoutes, { icons: options.icons ?? bundledIcons() });
};

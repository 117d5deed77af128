import { createAdminRepository } from './admin/admin.repository.js';
import { createPortalNoticesRepository } from './notices/portal-notices.repository.js';
import { createSessionsRepository } from './auth/sessions.repository.js';
import { createBrandingRepository } from './branding/branding.repository.js';
import { createAppsRepository } from './catalog/apps.repository.js';
import { createCatalogChanges, type CatalogChanges } from './catalog/catalog-changes.js';
import type { Db } from './db/database.js';
import { createStatusHistoryRepository } from './monitor/history/status-history.repository.js';
import { createNetworksRepository } from './networks/networks.repository.js';
import { createUsersRepository } from './users/users.repository.js';

/**
 * Every repository of one database, made once per process by the composition roots (main.ts,
 * or app.ts when a test builds the app alone) and handed down. The catalog change signal is
 * made here too: every writer of the apps table fires it, the snapshot and the PostgreSQL
 * notifier listen (docs/architecture.md).
 */
export function createRepositories(
  db: Db,
  catalogChanges: CatalogChanges = createCatalogChanges(),
) {
  return {
    catalogChanges,
    apps: createAppsRepository(db, catalogChanges),
    admin: createAdminRepository(db),
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    statusHistory: createStatusHistoryRepository(db),
    portalNotices: createPortalNoticesRepository(db),
    branding: createBrandingRepository(db),
    networks: createNetworksRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

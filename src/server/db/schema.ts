import type { SessionsTable, SignOnStatesTable } from '../auth/sessions.table.js';
import type { AuditTable, LogosTable, SettingsTable } from '../admin/admin.tables.js';
import type { PortalNoticesTable } from '../admin/notices/portal-notices.table.js';
import type { AppGroupsTable, AppsTable } from '../catalog/apps.table.js';
import type { StatusChangesTable } from '../monitor/history/status-history.table.js';
import type { FavoritesTable, KcUsersTable } from '../users/users.table.js';

/** The monitor leader's latest result per source (several instances, docs/deploy.md). */
export interface MonitorSharedTable {
  source: string;
  ok: number;
  /** JSON: the source's statuses. */
  statuses: string;
  error: string;
  at: number;
}

/** Shared rate-limit counters (PostgreSQL only; src/server/http/shared-rate-limit-store.ts). */
export interface RateLimitsTable {
  /** `{limit}:{client address}`. */
  key: string;
  hits: number;
  /** Epoch milliseconds when the window ends. */
  expires: number;
}

/** Every table, as Kysely sees it. Table types live beside the feature that owns them. */
export interface Database {
  apps: AppsTable;
  appGroups: AppGroupsTable;
  kcUsers: KcUsersTable;
  favorites: FavoritesTable;
  sessions: SessionsTable;
  signOnStates: SignOnStatesTable;
  logos: LogosTable;
  audit: AuditTable;
  settings: SettingsTable;
  statusChanges: StatusChangesTable;
  monitorShared: MonitorSharedTable;
  portalNotices: PortalNoticesTable;
  rateLimits: RateLimitsTable;
}

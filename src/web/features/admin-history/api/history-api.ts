import type { AdminApp, AuditList, ImportResult } from '../../../../shared/api/admin-schemas.js';
import { apiRequest } from '../../../lib/api-client.js';
import { appPath } from '../../../lib/console/app-path.js';

/** The admin API's trash, audit log and catalog file (docs/admin.md) as the console calls them. */
export function restoreApp(appId: string): Promise<AdminApp> {
  return apiRequest<AdminApp>(`${appPath(appId)}/restore`, { method: 'POST' });
}

export interface AuditFilter {
  app?: string;
  actor?: string;
  before?: number;
  /** Entries per page (the API's `perPage`). */
  limit?: number;
}

export function listAudit(filter: AuditFilter = {}): Promise<AuditList> {
  const query: Record<string, string | number> = {};
  if (filter.app) query.app = filter.app;
  if (filter.actor) query.actor = filter.actor;
  if (filter.before !== undefined) query.before = filter.before;
  if (filter.limit !== undefined) query.perPage = filter.limit;
  return apiRequest<AuditList>('/api/admin/audit', { query });
}

/**
 * Sends a catalog file (YAML, or a .zip export with its logos): the diff it makes, applied when
 * `dryRun` is false.
 */
export function importCatalog(
  file: Blob & { name?: string },
  options: { dryRun: boolean; prune: boolean },
): Promise<ImportResult> {
  const zip = /\.zip$/i.test(file.name ?? '') || file.type.includes('zip');
  return apiRequest<ImportResult>('/api/admin/catalog/import', {
    method: 'POST',
    query: { dryRun: options.dryRun, prune: options.prune },
    headers: { 'content-type': zip ? 'application/zip' : 'application/yaml' },
    body: file,
  });
}

export function exportUrl(options: { logos: boolean }): string {
  return `/api/admin/catalog/export${options.logos ? '?logos=true' : ''}`;
}

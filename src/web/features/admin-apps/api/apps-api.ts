import type {
  AdminApp,
  AdminAppCreate,
  AdminAppPatch,
  AdminGroups,
  AuditList,
  ImportResult,
} from '../../../../shared/api/admin-schemas.js';
import type { IconList } from '../../../../shared/api/icon-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import { fieldErrors } from '../../../../shared/catalog/app-rules.js';
import { ApiRequestError, apiRequest, fetchEveryPage } from '../../../lib/api-client.js';

/** The admin API (docs/admin.md) as the console calls it; the browser's session is the credential. */
const appPath = (appId: string) => `/api/admin/apps/${encodeURIComponent(appId)}`;

export async function listApps(options: { deleted?: boolean } = {}): Promise<AdminApp[]> {
  return fetchEveryPage<AdminApp>('/api/admin/apps', options.deleted ? { deleted: true } : {});
}

/** One app, also from the trash (then with `deletedAt`); 404 once it is gone for good. */
export function getApp(appId: string): Promise<AdminApp> {
  return apiRequest<AdminApp>(appPath(appId));
}

export function createApp(body: AdminAppCreate): Promise<AdminApp> {
  return apiRequest<AdminApp>('/api/admin/apps', { method: 'POST', body });
}

/** Changes the given fields; a stale `version` gets a 409 (see conflictOf). */
export function updateApp(appId: string, version: number, patch: AdminAppPatch): Promise<AdminApp> {
  return apiRequest<AdminApp>(appPath(appId), {
    method: 'PATCH',
    headers: { 'if-match': String(version) },
    body: patch,
  });
}

/** Moves the app to the trash (restorable for 30 days); answers the trashed app. */
export function deleteApp(appId: string, version: number): Promise<AdminApp> {
  return apiRequest<AdminApp>(appPath(appId), {
    method: 'DELETE',
    headers: { 'if-match': String(version) },
  });
}

export function restoreApp(appId: string): Promise<AdminApp> {
  return apiRequest<AdminApp>(`${appPath(appId)}/restore`, { method: 'POST' });
}

/**
 * Uploads a logo as the raw file with its own content type (the server checks the bytes);
 * answers the app with its new logo.
 */
export function putLogo(appId: string, file: Blob): Promise<AdminApp> {
  return apiRequest<AdminApp>(`${appPath(appId)}/logo`, { method: 'PUT', body: file });
}

/** Removes the logo; answers the app without it. */
export function deleteLogo(appId: string): Promise<AdminApp> {
  return apiRequest<AdminApp>(`${appPath(appId)}/logo`, { method: 'DELETE' });
}

/** One page of the offline icon set matching `q` (the server searches; docs/admin.md, "Icons"). */
export function searchIcons(q: string, page: number, perPage: number): Promise<IconList> {
  return apiRequest<IconList>('/api/admin/icons', { query: { q, page, perPage } });
}

/**
 * An icon's SVG as a file to upload as the logo: the portal serves it (never a third party), and
 * the upload goes through the same checks and sanitiser as any logo.
 */
export async function iconFile(icon: { slug: string; svgUrl: string }): Promise<File> {
  const svg = await apiRequest<string>(icon.svgUrl, { headers: { accept: 'image/svg+xml' } });
  return new File([svg], `${icon.slug}.svg`, { type: 'image/svg+xml' });
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

export async function listGroups(): Promise<AdminGroups['items']> {
  return fetchEveryPage<AdminGroups['items'][number]>('/api/admin/groups');
}

/** Who the preview is for: an anonymous visitor, or a user in these groups. */
export type Viewer = { anonymous: true } | { anonymous: false; groups: string[] };

/** Every app GET /api/apps would answer such a viewer (all pages). */
export async function previewApps(viewer: Viewer): Promise<App[]> {
  const who: Record<string, string | boolean> = viewer.anonymous
    ? { anonymous: true }
    : { groups: viewer.groups.join(',') };
  return fetchEveryPage<App>('/api/admin/preview', who);
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

/** Who changed the app since the version the caller had (the `data` of a 409). */
export interface Conflict {
  currentVersion: number;
  updatedBy: string;
  updatedAt: string;
  message: string;
}

function errorData(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiRequestError)) return null;
  const body = error.response;
  if (!body || typeof body !== 'object' || !('data' in body)) return null;
  const { data } = body;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

export function conflictOf(error: unknown): Conflict | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const data = errorData(error) ?? {};
  return {
    currentVersion: typeof data.currentVersion === 'number' ? data.currentVersion : 0,
    updatedBy: typeof data.updatedBy === 'string' ? data.updatedBy : '',
    updatedAt: typeof data.updatedAt === 'string' ? data.updatedAt : '',
    message: error.message,
  };
}

/** True for a 404: the app is gone (for good, when asked with the trash included). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/** The per-field messages of a 400 (`data.fields`), or null. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const fields = errorData(error)?.fields;
  if (!fields || typeof fields !== 'object') return null;
  // No prototype: a field named "__proto__" stays a message instead of replacing the prototype.
  const result = fieldErrors();
  for (const [field, message] of Object.entries(fields)) {
    if (typeof message === 'string') result[field] = message;
  }
  return Object.keys(result).length > 0 ? result : null;
}

/** The problems of an invalid catalog file (`data.problems` of a 400), or []. */
export function problemsOf(error: unknown): string[] {
  const problems = errorData(error)?.problems;
  return Array.isArray(problems)
    ? problems.filter((problem): problem is string => typeof problem === 'string')
    : [];
}

/** A message for people from any failure. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

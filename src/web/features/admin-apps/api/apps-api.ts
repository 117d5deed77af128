import type {
  AdminApp,
  AdminAppCreate,
  AdminAppPatch,
  AdminGroups,
} from '../../../../shared/api/admin-schemas.js';
import type { IconList } from '../../../../shared/api/icon-schemas.js';
import type { NetworkList } from '../../../../shared/api/network-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import { apiRequest, fetchEveryPage } from '../../../lib/api-client.js';
import { appPath } from '../../../lib/console/app-path.js';

/**
 * The admin API's apps (docs/admin.md) as the console calls them; the browser's session is the
 * credential. The trash's restore, the audit log and import/export are in features/admin-history;
 * what a failure means (conflict, field errors) in lib/console/admin-errors.ts.
 */

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

/** The networks admins define (the form's addresses: one per network; docs/networks.md). */
export function listNetworks(): Promise<NetworkList> {
  return apiRequest<NetworkList>('/api/admin/networks');
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

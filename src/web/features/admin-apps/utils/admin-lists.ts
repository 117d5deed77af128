import type { AdminApp, AdminGroups } from '../../../../shared/api/admin-schemas.js';

/**
 * The console's lists after a save, from the app the server answered (no reload): the app
 * replaces its old version (or is added); its monitor status, which only the list carries, is
 * kept while its link is the same.
 */
export function withApp(apps: readonly AdminApp[], app: AdminApp): AdminApp[] {
  const index = apps.findIndex((item) => item.id === app.id);
  if (index === -1) return [...apps, app];
  const old = apps[index]!;
  const next =
    app.status === undefined && old.status !== undefined && old.link === app.link
      ? { ...app, status: old.status }
      : app;
  return apps.map((item, i) => (i === index ? next : item));
}

export function withoutApp(apps: readonly AdminApp[], appId: string): AdminApp[] {
  return apps.filter((item) => item.id !== appId);
}

/**
 * The group names to offer, as GET /api/admin/groups counts them: those of users (which no app
 * save changes) and those the catalog's apps name now. Until the catalog is loaded, the server's.
 */
export function knownGroupNames(
  groups: AdminGroups['items'],
  apps: readonly AdminApp[] | null,
): string[] {
  if (apps === null) return groups.map((group) => group.name);
  const names = new Set(groups.filter((group) => group.users > 0).map((group) => group.name));
  for (const app of apps) for (const group of app.associatedGroups) names.add(group);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** An app's path in the admin API (docs/admin.md), for the apps' and the trash's requests. */
export const appPath = (appId: string) => `/api/admin/apps/${encodeURIComponent(appId)}`;

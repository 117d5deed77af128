import type { App, AppList } from '../../shared/api/schemas.js';
import type { AppRecord } from './apps.queries.js';
import type { CatalogSnapshot } from './catalog-snapshot.js';
import type { Viewer } from './visibility.js';

/** Public URL of a stored file, in the spec's shape /api/files/{collectionId}/{appId}/{file}. */
export function fileUrl(collectionId: string, appId: string, fileName: string): string {
  return `/api/files/${encodeURIComponent(collectionId)}/${encodeURIComponent(appId)}/${encodeURIComponent(fileName)}`;
}

export function toApiApp(record: AppRecord): App {
  const app: App = {
    id: record.id,
    name: record.name,
    description: record.description,
    image: record.image,
    doc: record.doc,
    github: record.github,
    env: record.env,
    category: record.category,
    link: record.link,
    isPublic: record.isPublic === 1,
    associatedGroups: record.associatedGroups,
    collectionId: record.collectionId,
    created: record.created,
    updated: record.updated,
  };
  if (record.image !== '') app.imageUrl = fileUrl(record.collectionId, record.id, record.image);
  return app;
}

export function createAppsService(deps: { snapshot: CatalogSnapshot }) {
  return {
    async listVisibleApps(
      viewer: Viewer,
      { page, perPage }: { page: number; perPage: number },
    ): Promise<AppList> {
      const visible = await deps.snapshot.visibleApps(viewer);
      const offset = (page - 1) * perPage;
      return {
        page,
        perPage,
        totalItems: visible.length,
        totalPages: Math.ceil(visible.length / perPage),
        items: visible.slice(offset, offset + perPage),
      };
    },
  };
}

export type AppsService = ReturnType<typeof createAppsService>;

import type { App } from '../../shared/api/schemas.js';
import { fieldsOf } from './app-fields.js';
import type { AppRecord } from './apps.queries.js';

/** Public URL of a stored file, in the spec's shape /api/files/{collectionId}/{appId}/{file}. */
export function fileUrl(collectionId: string, appId: string, fileName: string): string {
  return `/api/files/${encodeURIComponent(collectionId)}/${encodeURIComponent(appId)}/${encodeURIComponent(fileName)}`;
}

export function toApiApp(record: AppRecord): App {
  // The access settings are not part of an app as people see it (a locked card says what it may).
  const { access: _access, ...fields } = fieldsOf(record);
  void _access;
  const app: App = {
    ...fields,
    image: record.image,
    created: record.created,
    updated: record.updated,
  };
  if (record.image !== '') app.imageUrl = fileUrl(record.collectionId, record.id, record.image);
  return app;
}

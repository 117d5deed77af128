import type { App } from '../../shared/api/schemas.js';
import { textIn, type LocalizedText } from '../../shared/i18n/localized-text.js';
import {
  PRIVATE_APP_FIELDS,
  type PrivateAppField,
  type StoredAppFields,
} from '../../shared/catalog/app-fields.js';
import { fieldsOf } from './app-fields.js';
import type { AppRecord } from './apps.queries.js';

/** Public URL of a stored file, in the spec's shape /api/files/{collectionId}/{appId}/{file}. */
export function fileUrl(collectionId: string, appId: string, fileName: string): string {
  return `/api/files/${encodeURIComponent(collectionId)}/${encodeURIComponent(appId)}/${encodeURIComponent(fileName)}`;
}

/**
 * An app as stored for readers, before the visitor's network is known: its public `link` (a
 * string), no typed links, no `onlyFrom` (reachable-app.ts adds those per network).
 */
export type PlainApp = Omit<App, 'link' | 'links' | 'onlyFrom'> & { link: string };

/** An app as readers see it, its name and description still in every language given. */
export type LocalizedApp = Omit<PlainApp, 'name' | 'description'> & {
  name: LocalizedText;
  description: LocalizedText;
};

export function toLocalizedApp(record: AppRecord): LocalizedApp {
  // The fields the table marks private are not part of an app as people see it: the access
  // settings (a locked card says what it may), the addresses per network and typed links
  // (reachable-app.ts adds what the visitor's network may know of them, docs/networks.md, never
  // for a locked card) and the terms of use (only a requestable app's locked card has them).
  const fields: Partial<StoredAppFields> = fieldsOf(record);
  for (const field of PRIVATE_APP_FIELDS) delete fields[field];
  const app: LocalizedApp = {
    ...(fields as Omit<StoredAppFields, PrivateAppField>),
    image: record.image,
    created: record.created,
    updated: record.updated,
  };
  if (record.image !== '') app.imageUrl = fileUrl(record.collectionId, record.id, record.image);
  return app;
}

/**
 * The app in one language: name and description as plain strings (textIn: that language, its
 * primary subtag, the default language, the first given). An app with plain texts is returned
 * as it is.
 */
export function appIn(app: LocalizedApp, language: string, defaultLanguage: string): PlainApp {
  if (typeof app.name === 'string' && typeof app.description === 'string') return app as PlainApp;
  return {
    ...app,
    name: textIn(app.name, language, defaultLanguage),
    description: textIn(app.description, language, defaultLanguage),
  };
}

/**
 * A stored app as GET /api/apps answers it. Without a language, its texts are the default
 * language's (the plain columns).
 */
export function toApiApp(
  record: AppRecord,
  language?: { language: string; defaultLanguage: string },
): PlainApp {
  const app = toLocalizedApp(record);
  if (language) return appIn(app, language.language, language.defaultLanguage);
  return { ...app, name: record.name, description: record.description };
}

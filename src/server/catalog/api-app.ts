import type { App } from '../../shared/api/schemas.js';
import { textIn, type LocalizedText } from '../../shared/i18n/localized-text.js';
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
  // The access settings are not part of an app as people see it (a locked card says what it may);
  // nor are its addresses per network and typed links here: reachable-app.ts adds what the
  // visitor's network may know of them (docs/networks.md), never for a locked card.
  // Nor its terms of use: only the locked card of a requestable app carries them.
  const {
    access: _access,
    addresses: _addresses,
    links: _links,
    terms: _terms,
    ...fields
  } = fieldsOf(record);
  void _access;
  void _terms;
  void _addresses;
  void _links;
  const app: LocalizedApp = {
    ...fields,
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

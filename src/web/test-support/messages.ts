import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language, MessageNamespace } from '../../shared/i18n/languages.js';
import { createLocale, type Locale } from '../lib/i18n.js';

/** Every catalog of every language (locales/<language>/<namespace>.json). */
const catalogs = import.meta.glob<Record<string, string>>('../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/**
 * A language's messages of some namespaces (all by default), compiled as the server compiles
 * them: what `GET /api/messages/<language>/<namespace>` answers (`…/page` for a page's).
 */
export function messagesOf(language: Language, namespaces?: readonly MessageNamespace[]): Messages {
  const messages: Messages = {};
  for (const [path, catalog] of Object.entries(catalogs)) {
    const [, lang, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (lang !== language) continue;
    if (namespaces && !namespaces.includes(namespace as MessageNamespace)) continue;
    for (const [id, text] of Object.entries(catalog)) messages[id] = compileMessage(text);
  }
  return messages;
}

/** The English messages of every namespace: what component tests render with (setup.ts). */
export const englishMessages = (): Messages => messagesOf('en');

/**
 * A Locale for `language` with every namespace: wrap a component in
 * `<LocaleProvider locale={localeFor('de')}>` to see it in German.
 */
export function localeFor(language: Language): Locale {
  return createLocale(language, messagesOf(language));
}

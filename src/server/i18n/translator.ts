import { setupI18n, type I18n } from '@lingui/core';
import type { Language, MessageNamespace } from '../../shared/i18n/languages.js';
import type { Catalogs } from './catalogs.js';

/** Message values: what an ICU placeholder may be given. */
export type MessageValues = Record<string, unknown>;

/** A language's texts for the server's own pages and mails: `t(id, values)`. */
export type Translate = (id: string, values?: MessageValues) => string;

/**
 * One Lingui instance per language and namespace set, made on first use and kept. A missing id
 * comes back as itself (never a crash; the key tests keep ids and catalogs in step).
 */
export function createTranslators(
  catalogs: Catalogs,
  namespaces: readonly MessageNamespace[] = ['server'],
) {
  const made = new Map<Language, I18n>();
  const instance = (language: Language): I18n => {
    let i18n = made.get(language);
    if (!i18n) {
      i18n = setupI18n({
        locale: language,
        messages: { [language]: catalogs.compiled(language, namespaces) },
        missing: (_locale, id) => id,
      });
      made.set(language, i18n);
    }
    return i18n;
  };
  return (language: Language): Translate => {
    const i18n = instance(language);
    return (id, values) => i18n._(id, values);
  };
}

import {
  defaultTextOf,
  isTextMap,
  type LocalizedText,
  type TextMap,
} from '../../shared/i18n/localized-text.js';

/*
 * Catalog texts given per language (docs/catalog.md), as the database keeps them (migration
 * 0015): the plain text column holds the default language's text (search, sorting, the audit
 * log's readers, older versions), and a JSON column beside it the texts by language tag, or null
 * when the field is one string.
 */

/** Stored texts by language (JSON) -> the map; null when none or unreadable. */
function textsOf(json: string | null | undefined): TextMap | null {
  if (json === null || json === undefined || json === '') return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!isTextMap(value) || Object.keys(value).length === 0) return null;
    return Object.values(value).every((text) => typeof text === 'string')
      ? (value as TextMap)
      : null;
  } catch {
    return null;
  }
}

/** A translatable field as stored: its plain column, or its texts by language. */
export function storedText(plain: string, texts: string | null | undefined): LocalizedText {
  return textsOf(texts) ?? plain;
}

/**
 * A translatable field -> its two columns: the default language's text (what search, sorting
 * and older readers use) and the texts by language as JSON (null for one string).
 */
export function textColumns(
  text: LocalizedText,
  defaultLanguage: string,
): { plain: string; texts: string | null } {
  if (typeof text === 'string') return { plain: text, texts: null };
  return { plain: defaultTextOf(text, defaultLanguage), texts: JSON.stringify(text) };
}

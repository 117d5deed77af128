/**
 * Catalog texts given per language (docs/catalog.md, decision 0037): an app's name and description,
 * a notice's text and the branding texts are either one string (as always) or a map from
 * language tag to text, `{ en: "Genome browser", de: "Genombrowser" }`. Readers get the text of
 * their language as a plain string (`textIn`), falling back to the default language.
 */
import { Type } from 'typebox';

/** A text in one language, or texts by language tag (`en`, `de`, `pt-BR`). */
export type LocalizedText = string | Readonly<Record<string, string>>;

/** Texts by language tag: what a map holds (never empty once checked). */
export type TextMap = Readonly<Record<string, string>>;

/** The most languages one text may be given in. */
export const MAX_TEXT_LANGUAGES = 20;

/** A BCP 47 tag as the catalog writes one: a language, then optional subtags (`pt-BR`). */
export const LANGUAGE_TAG_PATTERN = '^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,2}$';
const TAG = new RegExp(LANGUAGE_TAG_PATTERN);

/**
 * The admin API's schema of such a field: a string of at most `maxLength`, or a map of 1 to 20
 * language tags to non-empty texts of at most `maxLength`. A function, so that the browser, which
 * imports only `textIn`, never builds it.
 */
export function localizedTextSchema(maxLength: number, description?: string) {
  return Type.Union(
    [
      Type.String({ maxLength }),
      Type.Record(
        Type.String({ pattern: LANGUAGE_TAG_PATTERN }),
        Type.String({ minLength: 1, maxLength }),
        { minProperties: 1, maxProperties: MAX_TEXT_LANGUAGES, additionalProperties: false },
      ),
    ],
    description === undefined ? {} : { description },
  );
}

export function isTextMap(text: unknown): text is TextMap {
  return typeof text === 'object' && text !== null && !Array.isArray(text);
}

/** A tag as stored: `PT-br` -> `pt-BR` (language lowercase, a two-letter region uppercase). */
export function normalizeTag(tag: string): string {
  return tag
    .split('-')
    .map((part, index) => {
      if (index === 0) return part.toLowerCase();
      return part.length === 2 ? part.toUpperCase() : part.toLowerCase();
    })
    .join('-');
}

const primaryOf = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** The entry of `map` for `language`: the exact tag, else the same primary subtag. */
function entryFor(map: TextMap, language: string): string | undefined {
  const wanted = language.toLowerCase();
  const keys = Object.keys(map);
  const exact = keys.find((key) => key.toLowerCase() === wanted);
  if (exact !== undefined) return map[exact];
  const primary = primaryOf(wanted);
  const bare = keys.find((key) => key.toLowerCase() === primary);
  if (bare !== undefined) return map[bare];
  const sibling = keys.find((key) => primaryOf(key) === primary);
  return sibling === undefined ? undefined : map[sibling];
}

/**
 * The text for `language`: a string as it is; of a map the exact tag, then the primary subtag
 * (`de-AT` finds `de`), then the default language, then the first entry.
 */
export function textIn(text: LocalizedText, language: string, defaultLanguage: string): string {
  if (typeof text === 'string') return text;
  return (
    entryFor(text, language) ?? entryFor(text, defaultLanguage) ?? Object.values(text)[0] ?? ''
  );
}

/** The default language's text: what the plain columns keep (search, sorting, old readers). */
export function defaultTextOf(text: LocalizedText, defaultLanguage: string): string {
  return textIn(text, defaultLanguage, defaultLanguage);
}

/** Every text of the field, for search: a string, or each language's text. */
export function allTexts(text: LocalizedText): string[] {
  return typeof text === 'string' ? [text] : Object.values(text);
}

/** Equal texts (a map's order of languages means nothing). */
export function sameText(a: LocalizedText, b: LocalizedText): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Equal values of a field that may be unset (null), one text, or texts by language. */
export function sameValue(
  a: LocalizedText | null | undefined,
  b: LocalizedText | null | undefined,
): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  return sameText(a, b);
}

export interface TextRules {
  /** Longest text in characters (after trimming). */
  max: number;
  /** True when the text may span lines (tabs and line breaks kept). */
  multiline?: boolean;
  /** What is wrong with one (trimmed) text, or undefined: the field's own rule for a string. */
  check: (text: string) => string | undefined;
}

/**
 * Checks a field that is a string or a map of texts by language tag. A string is left to the
 * caller (undefined `value` with no error means "not a map"); a map is checked entry by entry:
 * valid, unique tags, 1 to 20 of them, each text non-empty and following `rules.check`. Returns
 * the map with tags normalised and texts trimmed, or the message of the first problem.
 */
export function checkTextMap(value: unknown, rules: TextRules): TextMap | string {
  if (!isTextMap(value)) {
    return 'must be text, or texts by language like { en: "...", de: "..." }';
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return 'must give the text in at least one language';
  if (entries.length > MAX_TEXT_LANGUAGES) {
    return `must give at most ${MAX_TEXT_LANGUAGES} languages`;
  }
  const map: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [rawTag, text] of entries) {
    if (!TAG.test(rawTag)) {
      return `has ${JSON.stringify(rawTag.slice(0, 40))}, which is not a language tag like en, de or pt-BR`;
    }
    const tag = normalizeTag(rawTag);
    if (Object.hasOwn(map, tag)) return `gives the language "${tag}" twice`;
    if (typeof text !== 'string') return `"${tag}" must be text`;
    const trimmed = text.trim();
    if (trimmed === '') return `"${tag}" must not be empty (leave the language out instead)`;
    if (trimmed.length > rules.max) return `"${tag}" must be at most ${rules.max} characters`;
    const problem = rules.check(trimmed);
    if (problem !== undefined) return `"${tag}" ${problem}`;
    map[tag] = trimmed;
  }
  // A plain object again (the null prototype only guarded the checks above).
  return { ...map };
}

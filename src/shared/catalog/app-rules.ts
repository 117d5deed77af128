/**
 * The rules an app's fields follow, wherever the app comes from: the catalog file, the admin
 * API and the admin console's form (which shows the same messages inline, before sending).
 * Messages are written to follow a field name: `"link" must be an http(s) URL`.
 */
import { normalizeGroup } from '../identity/groups.js';
import { hasControlCharacters, ONE_LINE, PLAIN_TEXT } from '../text/control-characters.js';
import { checkAccess, type AppAccess } from './access-rules.js';
import { checkTerms } from './terms-rules.js';
import { checkAddresses, checkLinks } from './app-links.js';
import { SOURCE_LANGUAGE } from '../i18n/languages.js';
import { checkTextMap, defaultTextOf, isTextMap } from '../i18n/localized-text.js';
import { ENVIRONMENTS, isEnvironment } from './environments.js';
import { isWebUrl } from './url.js';
import {
  APP_DEFAULTS,
  APP_FIELD_TABLE,
  APP_FIELDS,
  APP_ID_PATTERN,
  DEFAULT_CATEGORY,
  DEFAULT_COLLECTION_ID,
  FIELD_LIMITS,
  fieldSpec,
  STORED_APP_FIELDS,
  TRANSLATABLE_APP_FIELDS,
  type AppField,
  type AppFields,
  type FieldKind,
  type StoredAppField,
  type StoredAppFields,
  type TranslatableAppField,
} from './app-fields.js';

export type { AppAccess };
export { isWebUrl };

export {
  APP_DEFAULTS,
  APP_FIELDS,
  APP_ID_PATTERN,
  DEFAULT_CATEGORY,
  DEFAULT_COLLECTION_ID,
  FIELD_LIMITS,
  STORED_APP_FIELDS,
  TRANSLATABLE_APP_FIELDS,
  type AppField,
  type AppFields,
  type StoredAppField,
  type StoredAppFields,
  type TranslatableAppField,
};

const ID = new RegExp(APP_ID_PATTERN);

/** Field name -> what is wrong with it, e.g. `{ link: 'must be an http(s) URL (got "x")' }`. */
export type FieldErrors = Record<string, string>;

/**
 * Keys of an object's prototype machinery. Input can carry them as own keys (YAML, and JSON
 * parsed without a guard); they are never fields, and are refused by name.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);
export const RESERVED_KEY = 'is a reserved name, not a field';

/**
 * An empty error map that input keys cannot pollute: with no prototype, `errors.__proto__ = m`
 * stores the message like any other key instead of replacing the map's prototype (which loses
 * the error and lets the input pass).
 */
export function fieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

/** The message of an input key that is not a field: reserved names say so. */
export function unknownKey(key: string, unknown: string): string {
  return RESERVED_KEYS.has(key) ? RESERVED_KEY : unknown;
}

/** Lowercase, accents and punctuation folded to dashes: "RStudio Server" -> "rstudio-server". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

export function isAppId(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}

/** The message of an `id` sent in a change: ids are immutable. */
export const IMMUTABLE_ID = 'cannot be changed (an app keeps its id; create a new app instead)';

export interface CheckOptions {
  /**
   * Only the fields present are checked and returned (a PATCH), and `id` is refused: it never
   * changes. Otherwise missing fields take their defaults and `name` is required (a new app, or
   * a catalog file entry).
   */
  partial?: boolean;
  /** Further field names the caller handles itself (the catalog file's `image`). */
  extraFields?: readonly string[];
  /**
   * The ids of the networks defined (docs/networks.md): an address naming another is an error.
   * Without it (the console's form) only the addresses' shape is checked.
   */
  networks?: ReadonlySet<string>;
}

/**
 * Checks an app's fields. Returns the cleaned values (trimmed, defaults filled unless partial,
 * group names normalised and de-duplicated) and one message per bad field. Unknown fields are
 * errors, so a typo (`ispublic`) cannot silently publish or hide an app.
 */
export function checkAppFields(
  raw: Readonly<Record<string, unknown>>,
  options: CheckOptions = {},
): { fields: Partial<StoredAppFields>; errors: FieldErrors } {
  const partial = options.partial ?? false;
  const errors = fieldErrors();
  const fields: Partial<StoredAppFields> = {};
  const known = new Set<string>([...STORED_APP_FIELDS, ...(options.extraFields ?? [])]);
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) errors[key] = unknownKey(key, 'is not a known field');
  }
  const has = (field: StoredAppField) => raw[field] !== undefined && raw[field] !== null;
  const wanted = (field: StoredAppField) => !partial || raw[field] !== undefined;
  const set = <F extends StoredAppField>(field: F, value: StoredAppFields[F]) => {
    fields[field] = value;
  };
  const defaultOf = <F extends StoredAppField>(field: F) =>
    APP_DEFAULTS[field as never] as StoredAppFields[F];

  const text = (field: StoredAppField, max: number, multiline = false): string | undefined => {
    const value = raw[field];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') {
      errors[field] = 'must be text';
      return undefined;
    }
    const trimmed = value.trim();
    if (trimmed.length > max) {
      errors[field] = `must be at most ${max} characters`;
      return undefined;
    }
    if (hasControlCharacters(trimmed, { multiline })) {
      errors[field] = multiline ? PLAIN_TEXT : ONE_LINE;
      return undefined;
    }
    return trimmed;
  };

  /** One check per kind of field (app-fields.ts): each sets the field or says what is wrong. */
  const checks: Record<Exclude<FieldKind, 'id'>, (field: StoredAppField) => void> = {
    // A name or description: one text, or texts by language, each following the field's rules.
    // A description may have paragraphs: tabs and line breaks are kept.
    texts: (field) => {
      const { max = FIELD_LIMITS.name, multiline = false } = fieldSpec(field);
      const required = !('default' in fieldSpec(field));
      if (isTextMap(raw[field])) {
        const checked = checkTextMap(raw[field], {
          max,
          check: (value) =>
            hasControlCharacters(value, { multiline })
              ? multiline
                ? PLAIN_TEXT
                : ONE_LINE
              : undefined,
        });
        if (typeof checked === 'string') errors[field] = checked;
        else set(field, checked);
        return;
      }
      const value = text(field, max, multiline);
      if (value === '' && required) errors[field] = 'is required';
      else if (value !== undefined) set(field, value);
    },
    link: (field) => {
      const value = text(field, FIELD_LIMITS.url);
      if (value === undefined) return;
      if (value !== '' && !isWebUrl(value)) {
        errors[field] = `must be an http(s) URL (got ${JSON.stringify(value)})`;
        return;
      }
      set(field, value);
    },
    environment: (field) => {
      if (!has(field)) set(field, defaultOf(field));
      else if (isEnvironment(raw[field])) set(field, raw[field]);
      else {
        errors[field] =
          `must be one of ${ENVIRONMENTS.join(', ')} (got ${JSON.stringify(raw[field])})`;
      }
    },
    text: (field) => {
      const value = text(field, fieldSpec(field).max ?? FIELD_LIMITS.name);
      if (value !== undefined) set(field, value || defaultOf(field));
    },
    flag: (field) => {
      if (!has(field)) set(field, defaultOf(field));
      else if (typeof raw[field] === 'boolean') set(field, raw[field]);
      else errors[field] = 'must be true or false';
    },
    groups: (field) => {
      const groups = raw[field];
      if (!has(field)) set(field, [...(defaultOf(field) as string[])]);
      else if (!Array.isArray(groups) || !groups.every((group) => typeof group === 'string')) {
        errors[field] = 'must be a list of group names';
      } else if (groups.length > FIELD_LIMITS.groups) {
        errors[field] = `must hold at most ${FIELD_LIMITS.groups} groups`;
      } else if (groups.some((group) => group.length > FIELD_LIMITS.group)) {
        errors[field] = `group names must be at most ${FIELD_LIMITS.group} characters`;
      } else if (groups.some((group) => hasControlCharacters(group))) {
        errors[field] = `group names ${ONE_LINE}`;
      } else {
        set(field, [...new Set(groups.map(normalizeGroup).filter(Boolean))]);
      }
    },
    slug: (field) => {
      if (!has(field)) set(field, defaultOf(field));
      else if (isAppId(raw[field])) set(field, raw[field]);
      else errors[field] = 'must be lowercase letters, digits, "-" or "_"';
    },
    access: (field) => {
      if (!has(field)) set(field, defaultOf(field));
      else {
        const checked = checkAccess(raw[field]);
        if (typeof checked === 'string') errors[field] = checked;
        else set(field, checked);
      }
    },
    addresses: (field) => {
      // Absent: none (left out, so that a catalog without addresses reads as before).
      if (has(field)) {
        const checked = checkAddresses(raw[field], options.networks);
        if (typeof checked === 'string') errors[field] = checked;
        else set(field, checked);
      }
    },
    links: (field) => {
      if (has(field)) {
        const checked = checkLinks(raw[field]);
        if (typeof checked === 'string') errors[field] = checked;
        else set(field, checked);
      }
    },
    terms: (field) => {
      // Absent: unchanged (none for a new app), like the lists; null: none.
      if (raw[field] === null) set(field, null);
      else if (has(field)) {
        const checked = checkTerms(raw[field]);
        if (typeof checked === 'string') errors[field] = checked;
        else set(field, checked);
      }
    },
  };

  // The id: given (a new app, a file entry), or derived from the name checked before it.
  const checkId = () => {
    if (partial && raw.id !== undefined) {
      // A change (PATCH) names the app in its URL: the id is what logos, favorites, notices and
      // the audit log point at, so it is refused here rather than silently ignored.
      errors.id = IMMUTABLE_ID;
    } else if (has('id')) {
      const id = raw.id;
      if (isAppId(id)) fields.id = id;
      else errors.id = `must be lowercase letters, digits, "-" or "_" (got ${JSON.stringify(id)})`;
    } else if (!partial) {
      // From the name in the source language (or the first one given).
      const derived = slugify(defaultTextOf(fields.name ?? '', SOURCE_LANGUAGE));
      if (derived !== '') fields.id = derived;
      else if (fields.name !== undefined)
        errors.id = 'is missing and cannot be derived from the name';
    }
  };

  for (const field of STORED_APP_FIELDS) {
    const { kind } = APP_FIELD_TABLE[field];
    if (kind !== 'id' && wanted(field)) checks[kind](field);
    if (field === 'name') checkId();
  }

  return { fields, errors };
}

/** The field errors as sentences: `"env" must be one of prod, stage, dev (got "x")`. */
export function describeFieldErrors(errors: FieldErrors): string[] {
  return Object.entries(errors).map(([field, message]) => `field "${field}" ${message}`);
}

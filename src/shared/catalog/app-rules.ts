/**
 * The rules an app's fields follow, wherever the app comes from: the catalog file, the admin
 * API and the admin console's form (which shows the same messages inline, before sending).
 * Messages are written to follow a field name: `"link" must be an http(s) URL`.
 */
import { normalizeGroup } from '../identity/groups.js';
import { hasControlCharacters, ONE_LINE, PLAIN_TEXT } from '../text/control-characters.js';
import { checkAccess, type AppAccess } from './access-rules.js';
import { SOURCE_LANGUAGE } from '../i18n/languages.js';
import {
  checkTextMap,
  defaultTextOf,
  isTextMap,
  type LocalizedText,
} from '../i18n/localized-text.js';
import { ENVIRONMENTS, isEnvironment, type Environment } from './environments.js';

export type { AppAccess };

/** App ids and collection ids: what a URL path segment can carry safely. */
export const APP_ID_PATTERN = '^[a-z0-9][a-z0-9_-]{0,63}$';
const ID = new RegExp(APP_ID_PATTERN);

/** The collection id apps carry unless told otherwise (part of logo URLs). */
export const DEFAULT_COLLECTION_ID = 'apps';
export const DEFAULT_CATEGORY = 'apps';

export const FIELD_LIMITS = {
  name: 200,
  description: 2000,
  category: 100,
  url: 2048,
  groups: 100,
  group: 200,
} as const;

/** The editable fields of an app (the logo is set separately, as a file). */
export const APP_FIELDS = [
  'id',
  'name',
  'description',
  'doc',
  'github',
  'env',
  'category',
  'link',
  'isPublic',
  'associatedGroups',
  'collectionId',
  'access',
] as const;
export type AppField = (typeof APP_FIELDS)[number];

/** The fields that may be given per language (docs/catalog.md): a string or texts by tag. */
export const TRANSLATABLE_APP_FIELDS = ['name', 'description'] as const;
export type TranslatableAppField = (typeof TRANSLATABLE_APP_FIELDS)[number];

export interface AppFields {
  id: string;
  /** One text, or texts by language tag (src/shared/i18n/localized-text.ts). */
  name: LocalizedText;
  description: LocalizedText;
  doc: string;
  github: string;
  env: Environment;
  category: string;
  link: string;
  isPublic: boolean;
  associatedGroups: string[];
  collectionId: string;
  /** Access requests (docs/access-requests.md); null: not requestable, as before. */
  access: AppAccess | null;
}

/**
 * The fields a new app takes when they are not given (the rules below fill them in; `name` is
 * required and `id` is derived from it): the catalog file's, the admin API's and the console's
 * empty form's defaults.
 */
export const APP_DEFAULTS: Readonly<Omit<AppFields, 'id' | 'name'>> = {
  description: '',
  doc: '',
  github: '',
  env: 'prod',
  category: DEFAULT_CATEGORY,
  link: '',
  isPublic: false,
  associatedGroups: [],
  collectionId: DEFAULT_COLLECTION_ID,
  access: null,
};

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

/** True for an absolute http(s) URL; the only links the portal stores and renders. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
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
}

/**
 * Checks an app's fields. Returns the cleaned values (trimmed, defaults filled unless partial,
 * group names normalised and de-duplicated) and one message per bad field. Unknown fields are
 * errors, so a typo (`ispublic`) cannot silently publish or hide an app.
 */
export function checkAppFields(
  raw: Readonly<Record<string, unknown>>,
  options: CheckOptions = {},
): { fields: Partial<AppFields>; errors: FieldErrors } {
  const partial = options.partial ?? false;
  const errors = fieldErrors();
  const fields: Partial<AppFields> = {};
  const known = new Set<string>([...APP_FIELDS, ...(options.extraFields ?? [])]);
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) errors[key] = unknownKey(key, 'is not a known field');
  }
  const has = (field: AppField) => raw[field] !== undefined && raw[field] !== null;
  const wanted = (field: AppField) => !partial || raw[field] !== undefined;

  const text = (field: AppField, max: number, multiline = false): string | undefined => {
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
  const link = (field: 'doc' | 'github' | 'link') => {
    if (!wanted(field)) return;
    const value = text(field, FIELD_LIMITS.url);
    if (value === undefined) return;
    if (value !== '' && !isWebUrl(value)) {
      errors[field] = `must be an http(s) URL (got ${JSON.stringify(value)})`;
      return;
    }
    fields[field] = value;
  };

  // A name or description given per language: every text follows the field's rules.
  const texts = (field: TranslatableAppField, max: number, multiline = false) => {
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
    else fields[field] = checked;
  };

  if (wanted('name')) {
    if (isTextMap(raw.name)) texts('name', FIELD_LIMITS.name);
    else {
      const name = text('name', FIELD_LIMITS.name);
      if (name === '') errors.name = 'is required';
      else if (name !== undefined) fields.name = name;
    }
  }

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

  if (wanted('description')) {
    // A description may have paragraphs: tabs and line breaks are kept.
    if (isTextMap(raw.description)) {
      texts('description', FIELD_LIMITS.description, true);
    } else {
      const description = text('description', FIELD_LIMITS.description, true);
      if (description !== undefined) fields.description = description;
    }
  }
  link('doc');
  link('github');
  link('link');

  if (wanted('env')) {
    if (!has('env')) fields.env = APP_DEFAULTS.env;
    else if (isEnvironment(raw.env)) fields.env = raw.env;
    else errors.env = `must be one of ${ENVIRONMENTS.join(', ')} (got ${JSON.stringify(raw.env)})`;
  }

  if (wanted('category')) {
    const category = text('category', FIELD_LIMITS.category);
    if (category !== undefined) fields.category = category || APP_DEFAULTS.category;
  }

  if (wanted('isPublic')) {
    if (!has('isPublic')) fields.isPublic = APP_DEFAULTS.isPublic;
    else if (typeof raw.isPublic === 'boolean') fields.isPublic = raw.isPublic;
    else errors.isPublic = 'must be true or false';
  }

  if (wanted('associatedGroups')) {
    const groups = raw.associatedGroups;
    if (!has('associatedGroups')) fields.associatedGroups = [...APP_DEFAULTS.associatedGroups];
    else if (!Array.isArray(groups) || !groups.every((group) => typeof group === 'string')) {
      errors.associatedGroups = 'must be a list of group names';
    } else if (groups.length > FIELD_LIMITS.groups) {
      errors.associatedGroups = `must hold at most ${FIELD_LIMITS.groups} groups`;
    } else if (groups.some((group) => group.length > FIELD_LIMITS.group)) {
      errors.associatedGroups = `group names must be at most ${FIELD_LIMITS.group} characters`;
    } else if (groups.some((group) => hasControlCharacters(group))) {
      errors.associatedGroups = `group names ${ONE_LINE}`;
    } else {
      fields.associatedGroups = [...new Set(groups.map(normalizeGroup).filter(Boolean))];
    }
  }

  if (wanted('collectionId')) {
    if (!has('collectionId')) fields.collectionId = APP_DEFAULTS.collectionId;
    else if (isAppId(raw.collectionId)) fields.collectionId = raw.collectionId;
    else errors.collectionId = 'must be lowercase letters, digits, "-" or "_"';
  }

  if (wanted('access')) {
    if (!has('access')) fields.access = APP_DEFAULTS.access;
    else {
      const checked = checkAccess(raw.access);
      if (typeof checked === 'string') errors.access = checked;
      else fields.access = checked;
    }
  }

  return { fields, errors };
}

/** The field errors as sentences: `"env" must be one of prod, stage, dev (got "x")`. */
export function describeFieldErrors(errors: FieldErrors): string[] {
  return Object.entries(errors).map(([field, message]) => `field "${field}" ${message}`);
}

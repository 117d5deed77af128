import type { Selectable } from 'kysely';
import type { AppAccess } from '../../shared/api/access-schemas.js';
import {
  STORED_APP_FIELDS,
  type AppField,
  type StoredAppField,
  type StoredAppFields,
} from '../../shared/catalog/app-fields.js';
import type { AppAddress, AppLink } from '../../shared/catalog/link-kinds.js';
import type { AppTerms } from '../../shared/catalog/terms-rules.js';
import { SOURCE_LANGUAGE } from '../../shared/i18n/languages.js';
import type { LocalizedText } from '../../shared/i18n/localized-text.js';
import { storedText, textColumns } from '../i18n/stored-text.js';
import type { AppRecord } from './apps.queries.js';
import type { AppsTable } from './apps.table.js';

/**
 * An app's fields and the columns of the apps table, both ways, following the one field list
 * (the table in src/shared/catalog/app-fields.ts): a field added there is stored, read,
 * audited, imported and exported without another list to update.
 */

/** The apps table's columns that hold the fields (the groups are rows of appGroups). */
export type AppFieldColumns = Pick<
  Selectable<AppsTable>,
  Exclude<AppField, 'associatedGroups' | 'access'>
> & {
  access: string | null;
  addresses: string;
  links: string;
  terms: string | null;
  nameTexts: string | null;
  descriptionTexts: string | null;
};

/** The column that keeps a translatable field's texts by language. */
const TEXTS_COLUMN = { name: 'nameTexts', description: 'descriptionTexts' } as const;

/** The columns a field is stored in: itself, and for a text given per language its texts. */
export function columnsOfField(field: StoredAppField): (keyof AppFieldColumns)[] {
  if (field === 'associatedGroups') return [];
  if (field === 'name' || field === 'description') return [field, TEXTS_COLUMN[field]];
  return [field];
}

/** The stored access settings (JSON text) of an app; null when none or unreadable. */
export function accessOf(record: { access: string | null }): AppAccess | null {
  if (record.access === null || record.access === '') return null;
  try {
    return JSON.parse(record.access) as AppAccess;
  } catch {
    return null;
  }
}

/** The stored terms of use (JSON text) of an app; null when none or unreadable. */
export function termsOf(record: { terms?: string | null }): AppTerms | null {
  if (record.terms === null || record.terms === undefined || record.terms === '') return null;
  try {
    const value: unknown = JSON.parse(record.terms);
    return typeof value === 'object' && value !== null ? (value as AppTerms) : null;
  } catch {
    return null;
  }
}

/** A stored list (addresses, links: JSON text); empty when none or unreadable. */
function listOf<T>(json: string | null | undefined): T[] {
  if (json === null || json === undefined || json === '') return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/**
 * Fields -> columns: `isPublic` as 0/1, the groups left out, a name or description given per
 * language as its default language's text plus the texts (`nameTexts`); fields not given are
 * left out.
 */
export function columnsOf(
  fields: Partial<StoredAppFields>,
  defaultLanguage: string = SOURCE_LANGUAGE,
): Partial<AppFieldColumns> {
  const columns: Record<string, unknown> = {};
  for (const field of STORED_APP_FIELDS) {
    const value = fields[field];
    if (field === 'associatedGroups' || value === undefined) continue;
    if (field === 'access' || field === 'terms') {
      columns[field] = value === null ? null : JSON.stringify(value);
    } else if (field === 'addresses' || field === 'links') columns[field] = JSON.stringify(value);
    else if (field === 'name' || field === 'description') {
      const { plain, texts } = textColumns(value as LocalizedText, defaultLanguage);
      columns[field] = plain;
      columns[TEXTS_COLUMN[field]] = texts;
    } else columns[field] = field === 'isPublic' ? (value ? 1 : 0) : value;
  }
  return columns as Partial<AppFieldColumns>;
}

/** A stored app's addresses per network (docs/networks.md); none when unreadable. */
export function addressesOf(record: Pick<AppRecord, 'addresses'>): AppAddress[] {
  return listOf<AppAddress>(record.addresses);
}

/** A stored app -> its fields (a copy: the groups list is the caller's to change). */
export function fieldsOf(record: AppRecord): StoredAppFields {
  const fields: Record<string, unknown> = {};
  for (const field of STORED_APP_FIELDS) {
    if (field === 'isPublic') fields[field] = record.isPublic === 1;
    else if (field === 'associatedGroups') fields[field] = [...record.associatedGroups];
    else if (field === 'access') fields[field] = accessOf(record);
    else if (field === 'terms') fields[field] = termsOf(record);
    else if (field === 'addresses') fields[field] = addressesOf(record);
    else if (field === 'links') fields[field] = listOf<AppLink>(record.links);
    else if (field === 'name' || field === 'description') {
      fields[field] = storedText(record[field], record[TEXTS_COLUMN[field]]);
    } else fields[field] = record[field];
  }
  return fields as unknown as StoredAppFields;
}

/** Only the named fields of `fields`, in the field list's order. */
export function pickFields<K extends StoredAppField>(
  fields: Pick<StoredAppFields, K>,
  names: readonly K[],
): Pick<StoredAppFields, K> {
  return Object.fromEntries(names.map((name) => [name, fields[name]])) as Pick<StoredAppFields, K>;
}

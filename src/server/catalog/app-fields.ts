import type { AppAccess } from '../../shared/api/access-schemas.js';
import { APP_FIELDS, type AppField, type AppFields } from '../../shared/catalog/app-rules.js';
import type { AppRecord } from './apps.queries.js';
import type { AppsTable } from './apps.table.js';

/**
 * An app's fields and the columns of the apps table, both ways, following the one field list
 * (`APP_FIELDS` in src/shared/catalog/app-rules.ts): a field added there is stored, read,
 * audited, imported and exported without another list to update.
 */

/** The apps table's columns that hold the fields (the groups are rows of appGroups). */
export type AppFieldColumns = Pick<AppsTable, Exclude<AppField, 'associatedGroups' | 'access'>> & {
  access: string | null;
};

/** The stored access settings (JSON text) of an app; null when none or unreadable. */
export function accessOf(record: { access: string | null }): AppAccess | null {
  if (record.access === null || record.access === '') return null;
  try {
    return JSON.parse(record.access) as AppAccess;
  } catch {
    return null;
  }
}

/** Fields -> columns: `isPublic` as 0/1, the groups left out; fields not given are left out. */
export function columnsOf(fields: Partial<AppFields>): Partial<AppFieldColumns> {
  const columns: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    const value = fields[field];
    if (field === 'associatedGroups' || value === undefined) continue;
    if (field === 'access') columns[field] = value === null ? null : JSON.stringify(value);
    else columns[field] = field === 'isPublic' ? (value ? 1 : 0) : value;
  }
  return columns as Partial<AppFieldColumns>;
}

/** A stored app -> its fields (a copy: the groups list is the caller's to change). */
export function fieldsOf(record: AppRecord): AppFields {
  const fields: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    if (field === 'isPublic') fields[field] = record.isPublic === 1;
    else if (field === 'associatedGroups') fields[field] = [...record.associatedGroups];
    else if (field === 'access') fields[field] = accessOf(record);
    else fields[field] = record[field];
  }
  return fields as unknown as AppFields;
}

/** Only the named fields of `fields`, in the field list's order. */
export function pickFields<K extends AppField>(
  fields: Pick<AppFields, K>,
  names: readonly K[],
): Pick<AppFields, K> {
  return Object.fromEntries(names.map((name) => [name, fields[name]])) as Pick<AppFields, K>;
}

import { APP_FIELDS, type AppField } from '../../../shared/catalog/app-rules.js';
import type { Translate } from '../i18n.js';

/**
 * The message ids of the fields' labels, one family (`admin.apps.field.<field>`): the form's, its
 * messages' and the audit log's.
 */
export const FIELD_LABEL_IDS: Readonly<Record<AppField | 'image', string>> = Object.fromEntries(
  [...APP_FIELDS, 'image' as const].map((field) => [field, `admin.apps.field.${field}`]),
) as Record<AppField | 'image', string>;

/** A field's label, or its name for fields the console does not know (e.g. from the server). */
export function labelOf(t: Translate, field: string): string {
  const id = Object.hasOwn(FIELD_LABEL_IDS, field)
    ? (FIELD_LABEL_IDS as Readonly<Record<string, string>>)[field]
    : undefined;
  return id ? t(id) : field;
}

import type { AdminApp, AdminAppPatch } from '../../../../shared/api/admin-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import {
  APP_DEFAULTS,
  APP_FIELDS,
  checkAppFields,
  slugify,
  type AppField,
  type AppFields,
  type FieldErrors,
} from '../../../../shared/catalog/app-rules.js';
import { isTextMap } from '../../../../shared/i18n/localized-text.js';
import { labelOf } from '../../../lib/console/field-labels.js';
import { joinText, splitText, type TextTranslations } from '../../../lib/console/form-texts.js';
import { ruleMessage } from '../../../lib/console/rule-messages.js';
import type { Translate } from '../../../lib/i18n.js';

/**
 * What the create/edit form holds: the shared `AppFields`, text as typed, the groups as one
 * comma-separated line (`groups`; on the wire `associatedGroups`), and the name and description
 * in other languages by tag (on the wire a map `{ en, de, ... }` when any is given).
 */
export type AppFormValues = Omit<AppFields, 'associatedGroups' | 'name' | 'description'> & {
  name: string;
  description: string;
  groups: string;
  nameTexts: TextTranslations;
  descriptionTexts: TextTranslations;
};
/** A key of the form's values; `wireField` gives the app field it edits. */
export type FormKey = keyof AppFormValues;

export function wireField(key: FormKey): AppField {
  if (key === 'groups') return 'associatedGroups';
  if (key === 'nameTexts') return 'name';
  if (key === 'descriptionTexts') return 'description';
  return key;
}

/** Equal values whatever the order of an object's keys (texts by language). */
function sameValue(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown) =>
    JSON.stringify(
      isTextMap(value) && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : 1)))
        : value,
    );
  return canonical(a) === canonical(b);
}

/** A new app's fields before anything is typed: the server's defaults. */
const NEW_APP: AppFields = { id: '', name: '', ...APP_DEFAULTS, associatedGroups: [] };

function toValues(fields: AppFields): AppFormValues {
  const values: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    if (field === 'associatedGroups') values.groups = fields.associatedGroups.join(', ');
    else if (field === 'name' || field === 'description') {
      const { main, others } = splitText(fields[field]);
      values[field] = main;
      values[`${field}Texts`] = others;
    } else values[field] = fields[field];
  }
  return values as AppFormValues;
}

export function emptyValues(): AppFormValues {
  return toValues(NEW_APP);
}

export function valuesOf(app: AdminApp): AppFormValues {
  return toValues({ ...app, access: app.access ?? null });
}

export function splitGroups(text: string): string[] {
  return text
    .split(',')
    .map((group) => group.trim())
    .filter((group) => group !== '');
}

/** Every field as the server takes it (groups as a list), in `APP_FIELDS` order. */
function fieldsOf(values: AppFormValues): AppFields {
  const fields: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    if (field === 'associatedGroups') fields[field] = splitGroups(values.groups);
    else if (field === 'name' || field === 'description') {
      fields[field] = joinText(values[field], values[`${field}Texts`]);
    } else fields[field] = values[field];
  }
  return fields as unknown as AppFields;
}

/** The request body of a new app (the id only when typed: the server derives it otherwise). */
export function createBody(values: AppFormValues): Record<string, unknown> {
  const { id, ...rest } = fieldsOf(values);
  return { ...(id.trim() !== '' ? { id: id.trim() } : {}), ...rest };
}

/** The fields that differ from the app as loaded (a PATCH sends only these). */
export function changedFields(app: AdminApp, values: AppFormValues): AdminAppPatch {
  const body = fieldsOf(values);
  const patch: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    if (field === 'id') continue;
    // An app without access settings reads as `access: null` in the form: no change.
    const loaded = field === 'access' ? (app.access ?? null) : app[field];
    if (!sameValue(loaded, body[field])) patch[field] = body[field];
  }
  return patch as AdminAppPatch;
}

/** The same checks, and messages, as the server's (src/shared/catalog/app-rules.ts). */
export function validate(values: AppFormValues, options: { editing: boolean }): FieldErrors {
  const body = createBody(values);
  if (options.editing) body.id = values.id;
  return checkAppFields(body).errors;
}

/** "Link must be an http(s) URL (got "x")": the rule's message about the field, translated. */
export function fieldMessage(t: Translate, field: string, message: string): string {
  return ruleMessage(t, labelOf(t, field), message);
}

/** The id the server will give a new app when none is typed. */
export function derivedId(values: AppFormValues): string {
  return values.id.trim() || slugify(values.name);
}

/** The app as its card would show it, for the form's live preview (`untitled` while no name). */
export function previewApp(
  values: AppFormValues,
  logo: { image: string; imageUrl?: string },
  untitled: string,
): App {
  const fields = fieldsOf(values);
  const trimmed: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    const value = fields[field];
    trimmed[field] = typeof value === 'string' ? value.trim() : value;
  }
  return {
    ...(trimmed as unknown as AppFields),
    id: derivedId(values) || 'new-app',
    name: values.name.trim() || untitled,
    description: values.description.trim(),
    category: values.category.trim() || APP_DEFAULTS.category,
    collectionId: values.collectionId,
    image: logo.image,
    ...(logo.imageUrl ? { imageUrl: logo.imageUrl } : {}),
    created: '',
    updated: '',
  };
}

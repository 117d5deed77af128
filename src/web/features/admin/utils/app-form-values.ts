import type { AdminApp, AdminAppPatch } from '../../../../shared/api/admin-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import {
  APP_FIELDS,
  checkAppFields,
  DEFAULT_CATEGORY,
  DEFAULT_COLLECTION_ID,
  slugify,
  type AppField,
  type AppFields,
  type FieldErrors,
} from '../../../../shared/catalog/app-rules.js';

/**
 * What the create/edit form holds: the shared `AppFields`, text as typed, and the groups as one
 * comma-separated line (`groups`; on the wire `associatedGroups`).
 */
export type AppFormValues = Omit<AppFields, 'associatedGroups'> & { groups: string };
/** A key of the form's values; `wireField` gives the app field it edits. */
export type FormKey = keyof AppFormValues;

export function wireField(key: FormKey): AppField {
  return key === 'groups' ? 'associatedGroups' : key;
}

/** The labels the form shows, also used to start each field's message (and in the audit log). */
export const FIELD_LABELS: Readonly<Record<AppField | 'image', string>> = {
  id: 'Id',
  name: 'Name',
  description: 'Description',
  doc: 'Documentation link',
  github: 'Repository link',
  env: 'Environment',
  category: 'Category',
  link: 'Link',
  isPublic: 'Public',
  associatedGroups: 'Groups',
  collectionId: 'Collection id',
  access: 'Access requests',
  image: 'Logo',
};

/** A field's label, or its name for fields the console does not know (e.g. from the server). */
export function labelOf(field: string): string {
  return (FIELD_LABELS as Readonly<Record<string, string>>)[field] ?? field;
}

/** A new app's fields before anything is typed: the server's defaults. */
const NEW_APP: AppFields = {
  id: '',
  name: '',
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

function toValues(fields: AppFields): AppFormValues {
  const values: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    if (field === 'associatedGroups') values.groups = fields.associatedGroups.join(', ');
    else values[field] = fields[field];
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
    fields[field] = field === 'associatedGroups' ? splitGroups(values.groups) : values[field];
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
    if (JSON.stringify(loaded) !== JSON.stringify(body[field])) patch[field] = body[field];
  }
  return patch as AdminAppPatch;
}

/** The same checks, and messages, as the server's (src/shared/catalog/app-rules.ts). */
export function validate(values: AppFormValues, options: { editing: boolean }): FieldErrors {
  const body = createBody(values);
  if (options.editing) body.id = values.id;
  return checkAppFields(body).errors;
}

/** "Link must be an http(s) URL (got "x")": the field's label, then the rule's message. */
export function fieldMessage(field: string, message: string): string {
  return `${labelOf(field)} ${message}`;
}

/** The id the server will give a new app when none is typed. */
export function derivedId(values: AppFormValues): string {
  return values.id.trim() || slugify(values.name);
}

/** The app as its card would show it, for the form's live preview. */
export function previewApp(values: AppFormValues, logo: { image: string; imageUrl?: string }): App {
  const fields = fieldsOf(values);
  const trimmed: Record<string, unknown> = {};
  for (const field of APP_FIELDS) {
    const value = fields[field];
    trimmed[field] = typeof value === 'string' ? value.trim() : value;
  }
  return {
    ...(trimmed as unknown as AppFields),
    id: derivedId(values) || 'new-app',
    name: values.name.trim() || 'New app',
    category: values.category.trim() || DEFAULT_CATEGORY,
    collectionId: values.collectionId,
    image: logo.image,
    ...(logo.imageUrl ? { imageUrl: logo.imageUrl } : {}),
    created: '',
    updated: '',
  };
}

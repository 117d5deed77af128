import type { AdminApp, AdminAppPatch } from '../../../../shared/api/admin-schemas.js';
import type { App } from '../../../../shared/api/schemas.js';
import {
  checkAppFields,
  DEFAULT_CATEGORY,
  DEFAULT_COLLECTION_ID,
  slugify,
  type FieldErrors,
} from '../../../../shared/catalog/app-rules.js';
import type { Environment } from '../../../../shared/catalog/environments.js';

/** What the create/edit form holds: text as typed, groups as one comma-separated line. */
export interface AppFormValues {
  id: string;
  name: string;
  description: string;
  link: string;
  doc: string;
  github: string;
  env: Environment;
  category: string;
  isPublic: boolean;
  groups: string;
  collectionId: string;
}

/** The labels the form shows, also used to start each field's message. */
export const FIELD_LABELS: Record<string, string> = {
  id: 'Id',
  name: 'Name',
  description: 'Description',
  link: 'Link',
  doc: 'Documentation link',
  github: 'Repository link',
  env: 'Environment',
  category: 'Category',
  isPublic: 'Public',
  associatedGroups: 'Groups',
  collectionId: 'Collection id',
  image: 'Logo',
};

export function emptyValues(): AppFormValues {
  return {
    id: '',
    name: '',
    description: '',
    link: '',
    doc: '',
    github: '',
    env: 'prod',
    category: DEFAULT_CATEGORY,
    isPublic: false,
    groups: '',
    collectionId: DEFAULT_COLLECTION_ID,
  };
}

export function valuesOf(app: AdminApp): AppFormValues {
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    link: app.link,
    doc: app.doc,
    github: app.github,
    env: app.env,
    category: app.category,
    isPublic: app.isPublic,
    groups: app.associatedGroups.join(', '),
    collectionId: app.collectionId,
  };
}

export function splitGroups(text: string): string[] {
  return text
    .split(',')
    .map((group) => group.trim())
    .filter((group) => group !== '');
}

/** The request body of a new app (the id only when typed: the server derives it otherwise). */
export function createBody(values: AppFormValues): Record<string, unknown> {
  const { id, groups, ...rest } = values;
  return {
    ...(id.trim() !== '' ? { id: id.trim() } : {}),
    ...rest,
    associatedGroups: splitGroups(groups),
  };
}

/** The fields that differ from the app as loaded (a PATCH sends only these). */
export function changedFields(app: AdminApp, values: AppFormValues): AdminAppPatch {
  const { id: _id, ...body } = createBody(values);
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    const before = (app as Record<string, unknown>)[field];
    if (JSON.stringify(before) !== JSON.stringify(value)) patch[field] = value;
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
  return `${FIELD_LABELS[field] ?? field} ${message}`;
}

/** The id the server will give a new app when none is typed. */
export function derivedId(values: AppFormValues): string {
  return values.id.trim() || slugify(values.name);
}

/** The app as its card would show it, for the form's live preview. */
export function previewApp(values: AppFormValues, logo: { image: string; imageUrl?: string }): App {
  return {
    id: derivedId(values) || 'new-app',
    name: values.name.trim() || 'New app',
    description: values.description.trim(),
    image: logo.image,
    ...(logo.imageUrl ? { imageUrl: logo.imageUrl } : {}),
    doc: values.doc.trim(),
    github: values.github.trim(),
    env: values.env,
    category: values.category.trim() || DEFAULT_CATEGORY,
    link: values.link.trim(),
    isPublic: values.isPublic,
    associatedGroups: splitGroups(values.groups),
    collectionId: values.collectionId,
    created: '',
    updated: '',
  };
}

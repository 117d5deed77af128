import { describe, expect, it } from 'vitest';
import { AdminAppCreateSchema, AdminAppPatchSchema, AdminAppSchema } from '../api/admin-schemas.js';
import { CatalogItemSchema, LockedAppSchema } from '../api/access-schemas.js';
import { AppSchema } from '../api/schemas.js';
import { APP_DEFAULTS, APP_FIELD_TABLE, APP_FIELDS, fieldsOfKind } from './app-fields.js';
import { checkAppFields } from './app-rules.js';

/** An app's fields are declared once (app-fields.ts); these follow from the table. */
describe('the one table of an app’s fields', () => {
  const publicFields = APP_FIELDS.filter(
    (field) => (APP_FIELD_TABLE[field] as { public?: false }).public !== false,
  );

  it('gives the public app its fields, in the table’s order, and keeps the others out', () => {
    // `links` reaches visitors in its own place and shape (reach-schemas.ts, docs/networks.md).
    const keys = Object.keys(AppSchema.properties).filter(
      (key) => key in APP_FIELD_TABLE && key !== 'links',
    );
    expect(keys).toEqual(publicFields);
    expect(AppSchema.properties).not.toHaveProperty('access');
    expect(AppSchema.properties).not.toHaveProperty('addresses');
  });

  it('lets admins read and send every field (the id only when creating)', () => {
    for (const field of APP_FIELDS) expect(AdminAppSchema.properties).toHaveProperty(field);
    expect(Object.keys(AdminAppCreateSchema.properties)).toEqual(
      expect.arrayContaining(APP_FIELDS),
    );
    expect(AdminAppPatchSchema.properties).not.toHaveProperty('id');
    for (const field of APP_FIELDS.filter((name) => name !== 'id')) {
      expect(AdminAppPatchSchema.properties).toHaveProperty(field);
    }
  });

  it('never requires of a locked card a field it leaves out (its links)', () => {
    const required = new Set((CatalogItemSchema as { required?: string[] }).required ?? []);
    for (const field of Object.keys(AppSchema.properties)) {
      if (!(field in LockedAppSchema.properties)) expect(required.has(field)).toBe(false);
    }
    for (const link of fieldsOfKind('link'))
      expect(LockedAppSchema.properties).not.toHaveProperty(link);
  });

  it('gives every field but the id and the name a default the rules accept as they are', () => {
    expect(Object.keys(APP_DEFAULTS).sort()).toEqual(
      APP_FIELDS.filter((field) => field !== 'id' && field !== 'name').sort(),
    );
    const { fields, errors } = checkAppFields({ id: 'x', name: 'X', ...APP_DEFAULTS });
    expect(errors).toEqual({});
    expect(fields).toEqual({ id: 'x', name: 'X', ...APP_DEFAULTS });
  });

  it('checks every field by its kind: a link that is not a URL is refused whatever its name', () => {
    for (const field of fieldsOfKind('link')) {
      expect(checkAppFields({ name: 'X', [field]: 'javascript:alert(1)' }).errors[field]).toMatch(
        /http\(s\) URL/,
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { fallbackLocale } from '../../../lib/i18n.js';
import { makeAdminApp } from '../../../test-support/admin-fixtures.js';
import {
  changedFields,
  createBody,
  emptyValues,
  fieldMessage,
  previewApp,
  validate,
  valuesOf,
} from './app-form-values.js';

/** English, as component tests speak it (the test set-up loads the English catalogs). */
const { t } = fallbackLocale;

describe('app form values', () => {
  it('sends groups as a list and the id only when typed', () => {
    const values = { ...emptyValues(), name: 'RStudio', groups: ' genomics, ,imaging ' };
    expect(createBody(values)).toMatchObject({ associatedGroups: ['genomics', 'imaging'] });
    expect(createBody(values)).not.toHaveProperty('id');
    expect(createBody({ ...values, id: 'rs' })).toHaveProperty('id', 'rs');
  });

  it('patches only what changed', () => {
    const app = makeAdminApp({ id: 'galaxy', name: 'Galaxy', associatedGroups: ['a'] });
    expect(changedFields(app, valuesOf(app))).toEqual({});
    expect(changedFields(app, { ...valuesOf(app), description: 'New', groups: 'a, b' })).toEqual({
      description: 'New',
      associatedGroups: ['a', 'b'],
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: 'X', link: 'x' }, 'link', 'Link must be an http(s) URL (got "x")'],
    [
      { name: 'X', id: 'Bad Id' },
      'id',
      'Id must be lowercase letters, digits, "-" or "_" (got "Bad Id")',
    ],
    [
      { name: 'X', description: 'd'.repeat(2001) },
      'description',
      'Description must be at most 2000 characters',
    ],
  ])('checks %j with the shared rules', (change, field, message) => {
    const errors = validate({ ...emptyValues(), ...change }, { editing: false });
    expect(fieldMessage(t, field, errors[field]!)).toBe(message);
  });

  it('previews a card from what is typed', () => {
    const app = previewApp(
      { ...emptyValues(), name: ' Jupyter ', category: '' },
      { image: '' },
      'New app',
    );
    expect(app).toMatchObject({ id: 'jupyter', name: 'Jupyter', category: 'apps', image: '' });
    expect(previewApp(emptyValues(), { image: '' }, 'Neue App').name).toBe('Neue App');
  });
});

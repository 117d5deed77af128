import { describe, expect, it } from 'vitest';
import { fallbackLocale } from '../../../lib/i18n.js';
import { makeAdminApp } from '../../../test-support/fake-admin-api.js';
import {
  changedFields,
  createBody,
  emptyValues,
  fieldMessage,
  previewApp,
  validate,
  valuesOf,
} from './app-form-values.js';
import { NO_FILTER, tableRows, visibilityOf } from './app-table-view.js';
import { auditDiff, readable } from '../../admin-history/utils/audit-diff.js';
import { logoProblem } from '../../../lib/console/logo-file.js';

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

describe('the table view', () => {
  const apps = [
    makeAdminApp({ id: 'b', name: 'Beta', env: 'dev', isPublic: false }),
    makeAdminApp({
      id: 'a',
      name: 'alpha',
      env: 'stage',
      isPublic: false,
      associatedGroups: ['xray'],
    }),
    makeAdminApp({ id: 'c', name: 'Gamma', env: 'prod', status: 0 }),
  ];
  it('tells who may see an app', () => {
    expect(apps.map(visibilityOf)).toEqual(['hidden', 'groups', 'public']);
  });
  it('sorts case-insensitively, by env order, by status, both ways', () => {
    const ids = (key: 'name' | 'env' | 'status', direction: 'ascending' | 'descending') =>
      tableRows(apps, NO_FILTER, { key, direction }).map((app) => app.id);
    expect(ids('name', 'ascending')).toEqual(['a', 'b', 'c']);
    expect(ids('name', 'descending')).toEqual(['c', 'b', 'a']);
    expect(ids('env', 'ascending')).toEqual(['c', 'a', 'b']);
    expect(ids('status', 'descending')).toEqual(['c', 'a', 'b']);
  });
  it('filters by text in groups, and by visibility', () => {
    expect(
      tableRows(apps, { ...NO_FILTER, text: 'XRAY' }, { key: 'name', direction: 'ascending' }),
    ).toHaveLength(1);
    expect(
      tableRows(
        apps,
        { ...NO_FILTER, visibility: 'hidden' },
        { key: 'name', direction: 'ascending' },
      ).map((a) => a.id),
    ).toEqual(['b']);
  });
});

describe('the audit diff', () => {
  it('lists only the changed fields, readably', () => {
    expect(
      auditDiff(t, {
        before: { name: 'A', isPublic: false, associatedGroups: [] },
        after: { name: 'A', isPublic: true, associatedGroups: ['x', 'y'] },
      }),
    ).toEqual([
      { field: 'isPublic', before: 'no', after: 'yes' },
      { field: 'associatedGroups', before: '(none)', after: 'x, y' },
    ]);
  });
  it('shows every field of a creation', () => {
    expect(auditDiff(t, { before: null, after: { name: 'A', doc: '' } })).toEqual([
      { field: 'name', before: '—', after: 'A' },
      { field: 'doc', before: '—', after: '(empty)' },
    ]);
    expect(readable(t, '')).toBe('(empty)');
  });
});

describe('logo files', () => {
  it('takes the portal’s image types up to 2 MiB', () => {
    expect(logoProblem(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBeNull();
    expect(logoProblem(new File(['x'], 'a.ico', { type: '' }))).toBeNull();
    expect(logoProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toMatch(/not a PNG/);
    expect(
      logoProblem(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' })),
    ).toMatch(/at most 2 MiB/);
  });
});

import { describe, expect, it } from 'vitest';
import { makeAdminApp } from '../../../test-support/admin-fixtures.js';
import { NO_FILTER, tableRows, visibilityOf } from './app-table-view.js';

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

import { describe, expect, it } from 'vitest';
import { makeAdminApp } from '../../../test-support/admin-fixtures.js';
import { knownGroupNames, withApp, withoutApp } from './admin-lists.js';

describe('the console lists after a save', () => {
  const galaxy = makeAdminApp({ id: 'galaxy', name: 'Galaxy', status: 1 });
  const omero = makeAdminApp({ id: 'omero', associatedGroups: ['imaging'] });

  it('replaces the saved app in place, keeping its status while the link is the same', () => {
    const renamed = { ...galaxy, name: 'Galaxy Server', version: 2, status: undefined };
    expect(withApp([galaxy, omero], renamed)).toEqual([{ ...renamed, status: 1 }, omero]);
    const moved = { ...renamed, link: 'https://usegalaxy.example.edu/' };
    expect(withApp([galaxy], moved)[0]).not.toHaveProperty('status', 1);
  });

  it('adds a new app and removes a deleted one', () => {
    expect(withApp([galaxy], omero).map((app) => app.id)).toEqual(['galaxy', 'omero']);
    expect(withoutApp([galaxy, omero], 'galaxy')).toEqual([omero]);
  });

  it("offers the users' groups and the groups the apps name now", () => {
    const groups = [
      { name: 'imaging', apps: 1, users: 0 },
      { name: 'retired', apps: 1, users: 0 },
      { name: 'staff', apps: 0, users: 3 },
    ];
    const apps = [omero, makeAdminApp({ id: 'new', associatedGroups: ['brand-new'] })];
    expect(knownGroupNames(groups, apps)).toEqual(['brand-new', 'imaging', 'staff']);
    expect(knownGroupNames(groups, null)).toEqual(['imaging', 'retired', 'staff']);
  });
});

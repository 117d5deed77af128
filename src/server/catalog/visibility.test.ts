import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { appRow } from '../test-support/test-app.js';
import { createAppsRepository } from './apps.repository.js';
import { createCatalogSnapshot } from './catalog-snapshot.js';
import { canSee, type Viewer } from './visibility.js';

const APPS = [
  { id: 'p', isPublic: true, groups: [] },
  { id: 'pg', isPublic: true, groups: ['genomics'] },
  { id: 'g', groups: ['genomics'] },
  { id: 'i', groups: ['imaging'] },
  { id: 'gi', groups: ['genomics', 'imaging'] },
  { id: 'upper', groups: ['Genomics'] },
  { id: 'none', groups: [] },
];

const VIEWERS: [string, Viewer][] = [
  ['anonymous', null],
  ['no groups', { groups: [] }],
  ['genomics', { groups: ['genomics'] }],
  ['/genomics', { groups: ['/genomics'] }],
  [' genomics ', { groups: [' genomics '] }],
  ['imaging+genomics', { groups: ['imaging', 'genomics'] }],
  ['Genomics', { groups: ['Genomics'] }],
  ['genomics-admin', { groups: ['genomics-admin'] }],
];

describe('canSee', () => {
  it.each([
    [{ isPublic: true, associatedGroups: [] }, null, true],
    [{ isPublic: false, associatedGroups: ['genomics'] }, null, false],
    [{ isPublic: false, associatedGroups: ['genomics'] }, { groups: ['genomics'] }, true],
    [{ isPublic: false, associatedGroups: ['/genomics'] }, { groups: ['genomics'] }, true],
    [{ isPublic: false, associatedGroups: ['genomics'] }, { groups: ['Genomics'] }, false],
    [{ isPublic: false, associatedGroups: ['genomics'] }, { groups: ['genomics/team-a'] }, false],
    [{ isPublic: false, associatedGroups: [] }, { groups: ['genomics'] }, false],
  ])('%j seen by %j: %s', (app, viewer, expected) => {
    expect(canSee(app, viewer)).toBe(expected);
  });
});

describe('SQL visibility agrees with canSee', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase();
    await createAppsRepository(db).upsertApps(APPS.map(appRow), new Date().toISOString());
  });
  afterAll(async () => {
    await db.destroy();
  });

  it.each(VIEWERS)('for %s', async (_label, viewer) => {
    const repository = createAppsRepository(db);
    const normalised: Viewer = viewer && {
      groups: viewer.groups.map((g) => g.trim().replace(/^\/+/, '')),
    };
    const found = await Promise.all(
      APPS.map((app) => repository.findVisibleApp(normalised, app.id)),
    );
    const items = found.filter((app) => app !== undefined);
    const expected = APPS.filter((app) =>
      canSee({ isPublic: Boolean(app.isPublic), associatedGroups: app.groups }, viewer),
    ).map((app) => app.id);
    expect(items.map((app) => app.id).sort()).toEqual(expected.sort());
  });
});

describe('locked cards (access requests) follow the same rule', () => {
  const ACCESS = { requestable: true, group: '/imaging', approvers: ['pi'] };
  const LOCKABLE = [
    { id: 'p', isPublic: true },
    { id: 'req', groups: ['imaging'], access: ACCESS },
    { id: 'off', groups: ['imaging'], access: { ...ACCESS, requestable: false } },
    { id: 'plain', groups: ['imaging'] },
  ];
  let db: Db;
  beforeAll(async () => {
    db = await openTestDatabase();
    await createAppsRepository(db).upsertApps(LOCKABLE.map(appRow), new Date().toISOString());
  });
  afterAll(async () => {
    await db.destroy();
  });

  it.each([
    ['anonymous', null, ['p'], []],
    ['a non-member', { groups: ['genomics'] }, ['p', 'req'], ['req']],
    ['no groups', { groups: [] }, ['p', 'req'], ['req']],
    ['a member', { groups: ['imaging'] }, ['off', 'p', 'plain', 'req'], []],
  ] as [string, Viewer, string[], string[]][])('for %s', async (_label, viewer, listed, locked) => {
    const repository = createAppsRepository(db);
    const snapshot = createCatalogSnapshot(repository);
    const items = await snapshot.listedApps(viewer);
    expect(items.map((app) => app.id).sort()).toEqual(listed);
    expect(items.filter((app) => 'locked' in app).map((app) => app.id)).toEqual(locked);
    for (const app of items.filter((item) => 'locked' in item)) {
      expect(app).not.toHaveProperty('link');
      expect(app.associatedGroups).toEqual([]);
    }
    // Logos follow the cards; the visible list (status, favourites) never has a locked app.
    const logos = await Promise.all(
      LOCKABLE.map((app) => repository.findListedApp(viewer, app.id)),
    );
    expect(
      logos
        .filter((app) => app !== undefined)
        .map((app) => app.id)
        .sort(),
    ).toEqual(listed);
    const visible = await snapshot.visibleApps(viewer);
    expect(visible.some((app) => locked.includes(app.id))).toBe(false);
  });
});

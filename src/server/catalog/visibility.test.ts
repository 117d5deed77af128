import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { appRow } from '../test-support/test-app.js';
import { createAppsRepository } from './apps.repository.js';
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

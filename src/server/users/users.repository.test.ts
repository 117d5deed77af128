import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppsRepository } from '../catalog/apps.repository.js';
import type { Db } from '../db/database.js';
import {
  currentDialect,
  openTestDatabase,
  type Dialect,
} from '../db/test-support/test-database.js';
import { appRow, type TestAppSpec } from '../test-support/test-app.js';
import { createUsersRepository, favoriteAppsQuery } from './users.repository.js';

let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

const NOW = '2026-11-28T00:00:00.000Z';

/** A database with `apps` and a user (`u1`) who has `favorites`, in that order. */
async function withFavorites(dialect: Dialect, apps: TestAppSpec[], favorites: string[]) {
  db = await openTestDatabase(dialect);
  await createAppsRepository(db).upsertApps(apps.map(appRow), NOW);
  const users = createUsersRepository(db);
  await users.insert(
    {
      id: 'u1',
      subject: 'alice',
      name: 'Alice',
      username: 'alice',
      email: '',
      givenName: 'Alice',
      groups: [],
      roles: [],
    },
    NOW,
  );
  for (const appId of favorites) await users.addFavorite('u1', appId, NOW);
  return { db, users };
}

describe(`findFavoriteApps on ${currentDialect()}`, () => {
  it('gives the favorites the viewer may see, in the order the user chose', async () => {
    const { db, users } = await withFavorites(
      currentDialect(),
      [
        { id: 'wiki', isPublic: true },
        { id: 'galaxy', isPublic: true },
        { id: 'rstudio', groups: ['genomics'] },
        { id: 'omero', groups: ['imaging'] },
        { id: 'old', isPublic: true },
      ],
      ['rstudio', 'wiki', 'omero', 'old'],
    );
    await db.updateTable('apps').set({ deletedAt: NOW }).where('id', '=', 'old').execute();
    const ids = async (groups: string[] | null) =>
      (await users.findFavoriteApps('u1', groups && { groups })).map((app) => app.id);
    // `omero` is of a group the viewer is not in; `old` is in the trash; `galaxy` no favorite.
    expect(await ids(['genomics'])).toEqual(['rstudio', 'wiki']);
    expect(await ids(['genomics', 'imaging'])).toEqual(['rstudio', 'wiki', 'omero']);
    expect(await ids(null)).toEqual(['wiki']);
    const [rstudio] = await users.findFavoriteApps('u1', { groups: ['genomics'] });
    expect(rstudio?.associatedGroups).toEqual(['genomics']);
    // Another user's favorites are not these.
    expect(await users.findFavoriteApps('nobody', { groups: ['genomics'] })).toEqual([]);
  });
});

describe('the favorites query on SQLite', () => {
  it("starts from the user's favorites, not from the catalog's apps", async () => {
    const apps = Array.from({ length: 200 }, (_, i) => ({ id: `app-${i}`, isPublic: true }));
    const { db } = await withFavorites('sqlite', apps, ['app-7']);
    for (const groups of [[], ['genomics']]) {
      const query = favoriteAppsQuery(db, 'u1', { groups }).compile();
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      const steps = plan.rows.map((row) => row.detail);
      // The first table searched is favorites, by its key's first column (userId).
      const first = steps.find((step) => /^(SEARCH|SCAN) /.test(step));
      expect(first, steps.join('\n')).toMatch(/^SEARCH favorites USING .*\(userId=\?/);
      expect(steps.join('\n')).not.toMatch(/SCAN apps/);
    }
  });
});

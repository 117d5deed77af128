import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { appRow } from '../test-support/test-app.js';
import { createAppsRepository } from './apps.repository.js';
import { createCatalogChanges } from './catalog-changes.js';
import { createCatalogSnapshot } from './catalog-snapshot.js';

let dir: string;
let serving: Db;
let other: Db;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'snapshot-'));
  // Two connections to one file: the second stands for another process.
  serving = openDatabase(join(dir, 'portal.db'));
  await migrateToLatest(serving);
  other = openDatabase(join(dir, 'portal.db'));
});
afterEach(async () => {
  await serving.destroy();
  await other.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const ids = (apps: readonly { id: string }[]) => apps.map((app) => app.id);

describe('createCatalogSnapshot', () => {
  it('sees writes through this database at once', async () => {
    const changes = createCatalogChanges();
    const apps = createAppsRepository(serving, changes);
    const snapshot = createCatalogSnapshot(apps, { recheckMs: 60_000 });
    expect(ids(await snapshot.visibleApps(null))).toEqual([]);
    await createAppsRepository(serving, changes).upsertApps(
      [appRow({ id: 'a', isPublic: true })],
      new Date().toISOString(),
    );
    expect(ids(await snapshot.visibleApps(null))).toEqual(['a']);
  });

  it('sees another process’s writes once the fingerprint is re-checked', async () => {
    let clock = 0;
    const snapshot = createCatalogSnapshot(createAppsRepository(serving), {
      recheckMs: 1000,
      now: () => clock,
    });
    expect(ids(await snapshot.visibleApps(null))).toEqual([]);
    await createAppsRepository(other).upsertApps(
      [appRow({ id: 'b', isPublic: true })],
      new Date().toISOString(),
    );
    clock = 500;
    expect(ids(await snapshot.visibleApps(null))).toEqual([]);
    clock = 1000;
    expect(ids(await snapshot.visibleApps(null))).toEqual(['b']);
  });

  it('keeps one list per group set and applies the visibility rule', async () => {
    const apps = createAppsRepository(serving);
    await apps.upsertApps(
      [
        appRow({ id: 'pub', isPublic: true }),
        appRow({ id: 'gen', groups: ['genomics'] }),
        appRow({ id: 'img', groups: ['/imaging'] }),
      ],
      new Date().toISOString(),
    );
    const snapshot = createCatalogSnapshot(apps);
    expect(ids(await snapshot.visibleApps(null))).toEqual(
      ['gen', 'img', 'pub'].filter((id) => id === 'pub'),
    );
    const genomics = await snapshot.visibleApps({ groups: ['/genomics'] });
    expect(ids(genomics).sort()).toEqual(['gen', 'pub']);
    expect(await snapshot.visibleApps({ groups: ['genomics'] })).toBe(genomics);
    expect(ids(await snapshot.visibleApps({ groups: ['imaging', 'genomics'] })).sort()).toEqual([
      'gen',
      'img',
      'pub',
    ]);
    expect(ids(await snapshot.visibleApps({ groups: ['Genomics'] }))).toEqual(['pub']);
  });
});

describe('catalog snapshot without its database', () => {
  it('keeps serving the catalog in memory while the fingerprint cannot be read', async () => {
    let clock = 0;
    let down = false;
    const snapshot = createCatalogSnapshot(
      {
        findAll: async () => [],
        catalogVersion: async () => {
          if (down) throw new Error('Connection terminated unexpectedly');
          return 'v1';
        },
        onChange: () => () => undefined,
      },
      { now: () => clock },
    );
    expect(await snapshot.visibleApps(null)).toEqual([]);
    down = true;
    clock += 5000;
    expect(await snapshot.visibleApps(null)).toEqual([]);
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createFileStorage } from '../files/file-storage.js';
import { createAppsRepository } from './apps.repository.js';
import { CatalogError } from './catalog-file.js';
import { DEMO_CATALOG_FILE, loadCatalogFile } from './catalog-loader.js';

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catalog-'));
  db = openDatabase(':memory:');
  await migrateToLatest(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

function deps() {
  return { apps: createAppsRepository(db), storage: createFileStorage(join(dir, 'storage')) };
}

describe('loadCatalogFile', () => {
  it('inserts, then updates by id, deleting nothing, and copies logos into storage', async () => {
    mkdirSync(join(dir, 'logos'));
    writeFileSync(join(dir, 'logos', 'galaxy logo.svg'), '<svg/>');
    const file = join(dir, 'catalog.yaml');
    writeFileSync(
      file,
      `apps:\n  - name: Galaxy\n    image: logos/galaxy logo.svg\n    isPublic: true\n  - name: Tower\n    associatedGroups: [genomics]\n`,
    );
    expect(await loadCatalogFile(file, deps())).toEqual({ inserted: 2, updated: 0 });

    writeFileSync(file, `apps:\n  - name: Galaxy\n    description: Updated\n    env: stage\n`);
    expect(await loadCatalogFile(file, deps())).toEqual({ inserted: 0, updated: 1 });

    const apps = await createAppsRepository(db).findAll();
    expect(apps.map((app) => app.id)).toEqual(['galaxy', 'tower']);
    const galaxy = apps.find((app) => app.id === 'galaxy')!;
    expect(galaxy).toMatchObject({ description: 'Updated', env: 'stage', image: '', isPublic: 0 });
    expect(galaxy.created <= galaxy.updated).toBe(true);
    expect(apps.find((app) => app.id === 'tower')!.associatedGroups).toEqual(['genomics']);
  });

  it('stores logos under a safe name', async () => {
    writeFileSync(join(dir, 'My Logo!.png'), 'PNG');
    const file = join(dir, 'catalog.json');
    writeFileSync(
      file,
      JSON.stringify({ apps: [{ name: 'A', image: 'My Logo!.png', isPublic: true }] }),
    );
    await loadCatalogFile(file, deps());
    const [app] = await createAppsRepository(db).findAll();
    expect(app!.image).toBe('My-Logo.png');
    expect(readFileSync(join(dir, 'storage', 'apps', 'a', 'My-Logo.png'), 'utf8')).toBe('PNG');
  });

  it('refuses a missing logo and writes nothing', async () => {
    const file = join(dir, 'catalog.yaml');
    writeFileSync(file, `apps:\n  - name: Good\n  - name: Bad\n    image: nowhere.png\n`);
    await expect(loadCatalogFile(file, deps())).rejects.toThrow(
      /app "Bad": field "image" names a file that does not exist/,
    );
    expect(await createAppsRepository(db).count()).toBe(0);
  });

  it('says when the file cannot be read', async () => {
    const error = await loadCatalogFile(join(dir, 'missing.yaml'), deps()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as Error).message).toMatch(
      /missing\.yaml is invalid:\n {2}- cannot be read: ENOENT/,
    );
  });

  it('loads the demo catalog: 10-15 apps over 3-4 categories with apps, public and group apps, logos', async () => {
    const result = await loadCatalogFile(DEMO_CATALOG_FILE, deps());
    const apps = await createAppsRepository(db).findAll();
    expect(result.inserted).toBe(apps.length);
    expect(apps.length).toBeGreaterThanOrEqual(10);
    expect(apps.length).toBeLessThanOrEqual(15);
    const categories = new Set(apps.map((app) => app.category));
    expect(categories.size).toBeGreaterThanOrEqual(3);
    expect(categories.size).toBeLessThanOrEqual(4);
    expect(categories.has('apps')).toBe(true);
    expect(apps.some((app) => app.isPublic === 1)).toBe(true);
    expect(apps.some((app) => app.associatedGroups.includes('genomics'))).toBe(true);
    expect(apps.some((app) => app.associatedGroups.includes('imaging'))).toBe(true);
    expect(apps.filter((app) => app.image !== '').length).toBeGreaterThan(5);
  });
});

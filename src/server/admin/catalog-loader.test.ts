import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminRepository } from './admin.repository.js';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { CatalogError } from '../catalog/catalog-file.js';
import { DEMO_CATALOG_FILE, loadCatalogFile } from './catalog-loader.js';

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catalog-'));
  db = await openTestDatabase();
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const deps = () => ({ admin: createAdminRepository(db), apps: createAppsRepository(db) });
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><script>x()</script></svg>';

async function auditActions() {
  const rows = await db.selectFrom('audit').selectAll().orderBy('id').execute();
  return rows.map((row) => `${row.actorUsername} ${row.action} ${row.appId}`);
}

describe('loadCatalogFile (CATALOG_FILE at start-up)', () => {
  it('adds, then applies only the file’s changes, deleting nothing; logos go to the database', async () => {
    mkdirSync(join(dir, 'logos'));
    writeFileSync(join(dir, 'logos', 'galaxy logo.svg'), SVG);
    const file = join(dir, 'catalog.yaml');
    writeFileSync(
      file,
      `apps:\n  - name: Galaxy\n    image: logos/galaxy logo.svg\n    isPublic: true\n  - name: Tower\n    associatedGroups: [genomics]\n`,
    );
    const first = await loadCatalogFile(file, deps());
    expect(first.add.map((app) => app.id)).toEqual(['galaxy', 'tower']);
    const logo = await createAppsRepository(db).findLogo('galaxy');
    expect(logo?.contentType).toBe('image/svg+xml');
    expect(logo?.bytes.toString()).not.toContain('script');

    writeFileSync(
      file,
      `apps:\n  - name: Galaxy\n    image: logos/galaxy logo.svg\n    isPublic: true\n    description: Updated\n    env: stage\n`,
    );
    const second = await loadCatalogFile(file, deps());
    expect(second.change).toEqual([
      {
        id: 'galaxy',
        name: 'Galaxy',
        fields: [
          { field: 'description', before: '', after: 'Updated' },
          { field: 'env', before: 'prod', after: 'stage' },
        ],
      },
    ]);
    const apps = await createAppsRepository(db).findAll();
    expect(apps.map((app) => app.id)).toEqual(['galaxy', 'tower']);
    expect(apps[0]).toMatchObject({ managedBy: 'catalog-file', updatedBy: 'catalog-file' });
    expect(await auditActions()).toEqual([
      'catalog-file import galaxy',
      'catalog-file import tower',
      'catalog-file import galaxy',
    ]);
  });

  it('is not applied again while its content is unchanged: console edits survive restarts', async () => {
    const file = join(dir, 'catalog.yaml');
    writeFileSync(
      file,
      `apps:\n  - name: Galaxy\n    description: From the file\n  - name: Tower\n`,
    );
    await loadCatalogFile(file, deps());
    // An admin edits the description and deletes Tower in the console.
    await db
      .updateTable('apps')
      .set({ description: 'From the console', version: 2 })
      .where('id', '=', 'galaxy')
      .execute();
    await db
      .updateTable('apps')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', 'tower')
      .execute();
    const again = await loadCatalogFile(file, deps());
    expect(again.changedSinceLastApplied).toBe(false);
    // The file changes another field of Galaxy: only that field is applied.
    writeFileSync(
      file,
      `apps:\n  - name: Galaxy\n    description: From the file\n    env: dev\n  - name: Tower\n`,
    );
    const changed = await loadCatalogFile(file, deps());
    expect(changed.change).toEqual([
      { id: 'galaxy', name: 'Galaxy', fields: [{ field: 'env', before: 'prod', after: 'dev' }] },
    ]);
    const galaxy = await createAdminRepository(db).findApp('galaxy');
    expect(galaxy).toMatchObject({ description: 'From the console', env: 'dev' });
    // Tower stays in the trash.
    expect((await createAdminRepository(db).findApp('tower'))?.deletedAt).not.toBeNull();
  });

  it('refuses a missing or invalid logo and writes nothing', async () => {
    const file = join(dir, 'catalog.yaml');
    writeFileSync(join(dir, 'notes.png'), 'just text');
    writeFileSync(
      file,
      `apps:\n  - name: Good\n  - name: Bad\n    image: nowhere.png\n  - name: Fake\n    image: notes.png\n`,
    );
    const error = await loadCatalogFile(file, deps()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).problems).toEqual([
      'app "Bad": field "image" names a file that does not exist',
      'app "Fake": field "image": A logo must be a PNG, JPEG, GIF, WebP, AVIF, ICO or SVG image.',
    ]);
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
    const result = await loadCatalogFile(DEMO_CATALOG_FILE, {
      ...deps(),
      remember: false,
      managedBy: 'portal',
    });
    const apps = await createAppsRepository(db).findAll();
    expect(result.add.length).toBe(apps.length);
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
    expect(apps.every((app) => app.managedBy === 'portal')).toBe(true);
  });
});

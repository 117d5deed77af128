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
import { purgeExpiredTrash } from './admin.service.js';
import { prepareCatalog } from './catalog-startup.js';
import { createBrandingRepository } from '../branding/branding.repository.js';
import { createFileStorage } from '../files/file-storage.js';

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

describe('the portal: section and icons at start-up (decision 0034)', () => {
  const branding = () => createBrandingRepository(db);
  const withBranding = () => ({ ...deps(), branding: branding() });
  const audit = async () =>
    (await db.selectFrom('audit').selectAll().where('action', '=', 'branding').execute()).map(
      (row) => ({
        actor: row.actorUsername,
        before: JSON.parse(row.before ?? 'null') as unknown,
        after: JSON.parse(row.after ?? 'null') as unknown,
      }),
    );

  it('applies the branding when the server starts with CATALOG_FILE: texts, a logo file, an icon', async () => {
    mkdirSync(join(dir, 'brand'));
    writeFileSync(join(dir, 'brand', 'logo.svg'), SVG);
    const file = join(dir, 'catalog.yaml');
    writeFileSync(
      file,
      [
        'portal:',
        '  title: Genomics Apps',
        '  accentColor: "#1d4ed8"',
        '  logo: brand/logo.svg',
        '  favicon: icon:research-galaxy',
        'apps:',
        '  - name: Jupyter',
        '    image: icon:jupyter',
      ].join('\n'),
    );
    const admin = createAdminRepository(db);
    const apps = createAppsRepository(db);
    const log: string[] = [];
    await prepareCatalog({
      config: { catalogFile: file, demoCatalog: false },
      db,
      storage: createFileStorage(join(dir, 'storage')),
      apps,
      admin,
      branding: branding(),
      purgeExpired: () => purgeExpiredTrash({ admin, apps, clock: () => new Date().toISOString() }),
      log: (line) => log.push(line),
    });
    const stored = await branding().read();
    expect(stored.texts).toMatchObject({ title: 'Genomics Apps', accentColor: '#1d4ed8' });
    const logo = await branding().image('logo');
    expect(logo?.contentType).toBe('image/svg+xml');
    expect(logo?.bytes.toString()).not.toContain('script');
    const favicon = await branding().image('favicon');
    expect(favicon?.bytes.toString()).toContain('<title>Galaxy</title>');
    // The app's logo is the icon's tile, checked and stored like an upload.
    const jupyter = await apps.findLogo('jupyter');
    expect(jupyter?.contentType).toBe('image/svg+xml');
    expect(jupyter?.bytes.toString()).toMatch(
      /^<svg[^>]*viewBox="0 0 32 32"[\s\S]*<title>Jupyter<\/title>/,
    );
    expect(log.at(-1)).toMatch(
      /1 app\(s\) added, 0 changed, branding changed \(title, accentColor, logo, favicon\)\.$/,
    );
    expect(await audit()).toEqual([
      {
        actor: 'catalog-file',
        before: { title: null, accentColor: null, logo: null, favicon: null },
        after: {
          title: 'Genomics Apps',
          accentColor: '#1d4ed8',
          logo: { contentType: 'image/svg+xml', sha256: logo?.sha256 },
          favicon: { contentType: 'image/svg+xml', sha256: favicon?.sha256 },
        },
      },
    ]);
  });

  it('writes only what the file changed since it was last applied: console edits survive', async () => {
    const file = join(dir, 'catalog.yaml');
    const write = (portal: string) =>
      writeFileSync(file, `portal:\n${portal}apps:\n  - name: Galaxy\n`);
    write('  title: From the file\n  footer: File footer\n');
    await loadCatalogFile(file, withBranding());
    // An admin changes the title in the console.
    const repository = branding();
    await repository.write(
      db,
      { ...(await repository.read()).texts, title: 'From the console' },
      { subject: 'a', username: 'admin' },
      new Date().toISOString(),
    );
    // Unchanged file: not applied again.
    expect((await loadCatalogFile(file, withBranding())).changedSinceLastApplied).toBe(false);
    expect((await repository.read()).texts.title).toBe('From the console');
    // The file changes its footer only: the console's title stays.
    write('  title: From the file\n  footer: New footer\n  subtitle: null\n');
    const result = await loadCatalogFile(file, withBranding());
    expect(result.portal).toEqual({
      before: { footer: 'File footer' },
      after: { footer: 'New footer' },
    });
    expect((await repository.read()).texts).toMatchObject({
      title: 'From the console',
      footer: 'New footer',
      subtitle: null,
    });
  });

  it('refuses a bad section or an unknown icon, naming the field, and changes nothing', async () => {
    const file = join(dir, 'catalog.yaml');
    writeFileSync(
      file,
      [
        'portal:',
        '  accentColor: red',
        '  logo: icon:no-such-icon',
        '  favicon: missing.png',
        'apps:',
        '  - name: Galaxy',
        '    image: icon:no-such-icon',
        '  - name: Blank',
        '    image: "icon:"',
      ].join('\n'),
    );
    const error = await loadCatalogFile(file, withBranding()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    const problems = (error as CatalogError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'app 2 "Blank": field "image" must name an icon after "icon:", as the icon picker shows it',
      ]),
    );
    // The apps' problems are reported first (one invalid entry stops the file early).
    writeFileSync(
      file,
      [
        'portal:',
        '  accentColor: red',
        '  logo: icon:no-such-icon',
        '  favicon: missing.png',
        'apps:',
        '  - name: Galaxy',
        '    image: icon:no-such-icon',
      ].join('\n'),
    );
    const second = await loadCatalogFile(file, withBranding()).catch((e: unknown) => e);
    expect((second as CatalogError).problems).toEqual([
      'app "Galaxy": field "image" names the icon "no-such-icon", which the bundled icon set does not have',
      expect.stringMatching(/^portal: field "accentColor" /),
      'portal: field "logo" names the icon "no-such-icon", which the bundled icon set does not have',
      'portal: field "favicon" names a file that does not exist',
    ]);
    expect(await createAppsRepository(db).count()).toBe(0);
    expect(await branding().read()).toMatchObject({ version: 0, images: {} });
    expect(await audit()).toEqual([]);
  });
});

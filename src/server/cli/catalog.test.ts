import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminRepository } from '../admin/admin.repository.js';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { createBrandingRepository } from '../branding/branding.repository.js';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { strFromU8, unzipSync } from 'fflate';
import { runCatalogCli } from './catalog.js';

let dir: string;
let db: Db;
let out: string[];
let err: string[];
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catalog-cli-'));
  db = await openTestDatabase();
  out = [];
  err = [];
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) =>
  runCatalogCli(args, {
    db,
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    actor: { subject: 'cli', username: 'cli:test' },
  });

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>';

describe('npm run catalog', () => {
  it('diff shows the changes and writes nothing; import applies them; export writes the file', async () => {
    mkdirSync(join(dir, 'logos'));
    writeFileSync(join(dir, 'logos', 'a.svg'), SVG);
    const file = join(dir, 'catalog.yaml');
    writeFileSync(
      file,
      'apps:\n  - name: Alpha\n    image: logos/a.svg\n    isPublic: true\n  - name: Beta\n',
    );
    expect(await cli('diff', file)).toBe(0);
    expect(out).toEqual([
      '+ add     alpha (Alpha)',
      '+ add     beta (Beta)',
      '2 to add, 0 to change, 0 to delete, 0 unchanged. Nothing was written.',
    ]);
    expect(await createAdminRepository(db).list(false)).toEqual([]);

    out = [];
    expect(await cli('import', file)).toBe(0);
    expect(out.at(-1)).toBe('2 to add, 0 to change, 0 to delete, 0 unchanged. Applied.');
    const audit = await db.selectFrom('audit').select(['actorUsername', 'action']).execute();
    expect(audit).toEqual([
      { actorUsername: 'cli:test', action: 'import' },
      { actorUsername: 'cli:test', action: 'import' },
    ]);

    writeFileSync(file, 'apps:\n  - name: Alpha\n    isPublic: false\n');
    out = [];
    expect(await cli('diff', file, '--prune', '--json')).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({
      change: [{ id: 'alpha', fields: [{ field: 'isPublic', before: true, after: false }] }],
      delete: [{ id: 'beta', name: 'Beta' }],
    });

    const exported = join(dir, 'out.yaml');
    expect(await cli('export', exported)).toBe(0);
    expect(readFileSync(exported, 'utf8')).toContain('id: alpha');
    const zip = join(dir, 'out.zip');
    expect(await cli('export', zip)).toBe(0);
    // The .zip imports back into an empty database.
    const other = await openTestDatabase();
    try {
      const code = await runCatalogCli(['import', zip], {
        db: other,
        io: { out: () => {}, err: (line) => err.push(line) },
      });
      expect(code).toBe(0);
      const apps = await createAdminRepository(other).list(false);
      expect(apps.map((app) => [app.id, app.image !== ''])).toEqual([
        ['alpha', true],
        ['beta', false],
      ]);
    } finally {
      await other.destroy();
    }
  }, 60_000);

  it('explains its usage and reports invalid files', async () => {
    expect(await cli('frobnicate', 'x')).toBe(2);
    expect(err.join('\n')).toMatch(/^Usage: npm run catalog -- <command> FILE/);
    err = [];
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'apps:\n  - name: Bad\n    env: production\n');
    expect(await cli('import', file)).toBe(1);
    expect(err.join('\n')).toMatch(/field "env" must be one of prod, stage, dev/);
  });

  it('applies the portal: section and icon logos; diff shows them; export writes them back', async () => {
    mkdirSync(join(dir, 'brand'));
    writeFileSync(join(dir, 'brand', 'logo.svg'), SVG);
    const file = join(dir, 'catalog.yaml');
    writeFileSync(
      file,
      [
        'portal:',
        '  title: Genomics Apps',
        '  logo: brand/logo.svg',
        '  favicon: icon:jupyter',
        'apps:',
        '  - name: Galaxy',
        '    image: icon:research-galaxy',
      ].join('\n'),
    );
    const branding = createBrandingRepository(db);
    expect(await cli('diff', file)).toBe(0);
    expect(out.slice(0, 4)).toEqual([
      '~ branding',
      '    title: null -> "Genomics Apps"',
      expect.stringMatching(
        /^ {4}logo: null -> \{"contentType":"image\/svg\+xml","sha256":"[0-9a-f]{64}"\}$/,
      ),
      expect.stringMatching(/^ {4}favicon: null -> /),
    ]);
    expect(await branding.read()).toMatchObject({ version: 0, images: {} });

    out = [];
    expect(await cli('import', file)).toBe(0);
    expect((await branding.read()).texts.title).toBe('Genomics Apps');
    expect((await branding.image('favicon'))?.bytes.toString()).toContain('<title>Jupyter</title>');
    const galaxy = await createAppsRepository(db).findLogo('galaxy');
    expect(galaxy?.bytes.toString()).toContain('<title>Galaxy</title>');
    const audit = await db.selectFrom('audit').select(['actorUsername', 'action']).execute();
    expect(audit).toEqual([
      { actorUsername: 'cli:test', action: 'import' },
      { actorUsername: 'cli:test', action: 'branding' },
    ]);
    // The whole section wins (like the API's import): a console edit is overwritten again.
    await branding.write(
      db,
      { ...(await branding.read()).texts, title: 'Console' },
      { subject: 'a', username: 'admin' },
      new Date().toISOString(),
    );
    out = [];
    expect(await cli('import', file)).toBe(0);
    expect(out[0]).toBe('~ branding');
    expect((await branding.read()).texts.title).toBe('Genomics Apps');

    // Export keeps what round-trips: the icons' SVGs as files; imported elsewhere, the same.
    const zip = join(dir, 'out.zip');
    expect(await cli('export', zip)).toBe(0);
    const files = unzipSync(new Uint8Array(readFileSync(zip)));
    const text = strFromU8(files['catalog.yaml']!);
    expect(text).toContain(
      'portal:\n  title: Genomics Apps\n  logo: portal/logo.svg\n  favicon: portal/favicon.svg',
    );
    expect(text).toContain('image: logos/galaxy.svg');
    const other = await openTestDatabase();
    try {
      const code = await runCatalogCli(['import', zip], {
        db: other,
        io: { out: () => {}, err: (line) => err.push(line) },
      });
      expect(code).toBe(0);
      const copy = createBrandingRepository(other);
      expect((await copy.read()).images).toEqual((await branding.read()).images);
      expect((await createAppsRepository(other).findLogo('galaxy'))?.sha256).toBe(galaxy?.sha256);
    } finally {
      await other.destroy();
    }
  }, 60_000);

  it('refuses a bad portal: section or an unknown icon, naming them, and changes nothing', async () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(
      file,
      'portal:\n  footerLink: "javascript:alert(1)"\napps:\n  - name: Galaxy\n    image: icon:nope\n',
    );
    expect(await cli('import', file)).toBe(1);
    const message = err.join('\n');
    expect(message).toContain('app "Galaxy": field "image" names the icon "nope"');
    expect(message).toContain('portal: field "footerLink"');
    expect(await createAdminRepository(db).list(false)).toEqual([]);
    expect((await createBrandingRepository(db).read()).version).toBe(0);
  });
});

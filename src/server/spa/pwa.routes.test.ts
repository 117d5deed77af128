import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { OFFLINE_PATH } from './offline-page.js';
import { MANIFEST_PATH } from './pwa.routes.js';
import {
  APPLE_TOUCH_ICON,
  DEFAULT_ACCENT,
  DEFAULT_ICONS,
  buildWebManifest,
  shortName,
  type WebManifest,
} from './web-manifest.js';

const PUBLIC = fileURLToPath(new URL('../../../public', import.meta.url));
const SW = "const VERSION = 'abc';\nself.addEventListener('fetch', () => {});\n";

describe('buildWebManifest', () => {
  it('builds the manifest from the branding', () => {
    const manifest = buildWebManifest({
      title: '  MMGE  App Portal ',
      subtitle: 'Applications of the group ',
      accentColor: '#0E7490',
      icons: DEFAULT_ICONS,
    });
    expect(manifest).toEqual({
      id: '/',
      name: 'MMGE App Portal',
      short_name: 'MMGE App',
      description: 'Applications of the group',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0e7490',
      background_color: '#ffffff',
      icons: DEFAULT_ICONS,
    });
  });

  it('falls back to the default title, accent and icons', () => {
    const manifest = buildWebManifest({ title: ' ', subtitle: '', accentColor: 'red', icons: [] });
    expect(manifest.name).toBe('App Portal');
    expect(manifest.short_name).toBe('App Portal');
    expect(manifest.theme_color).toBe(DEFAULT_ACCENT);
    expect(manifest.icons).toEqual(DEFAULT_ICONS);
  });

  it('has the icons stores and phones need: 192 and 512 px, any and maskable', () => {
    const icons = buildWebManifest({ title: 'P', subtitle: '', icons: DEFAULT_ICONS }).icons;
    for (const size of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        expect(icons).toContainEqual(expect.objectContaining({ sizes: size, purpose }));
      }
    }
  });

  it.each([
    ['Portal', 'Portal'],
    ['Twelve chars', 'Twelve chars'],
    ['MMGE App Portal', 'MMGE App'],
    ['Bioinformatics Portal', 'Bioinformati'],
    ['Ünïcödé Pörtäl x', 'Ünïcödé'],
  ])('short name of %j is %j (at most 12 characters)', (title, expected) => {
    expect(shortName(title)).toBe(expected);
    expect([...shortName(title)].length).toBeLessThanOrEqual(12);
  });
});

describe('the committed icons', () => {
  it.each([
    ...DEFAULT_ICONS.map((icon) => [icon.src, icon.sizes] as const),
    [APPLE_TOUCH_ICON, '180x180'] as const,
  ])('%s is a PNG of %s', (src, sizes) => {
    const size = imageSize(readFileSync(join(PUBLIC, src)));
    expect(size.type).toBe('png');
    expect(`${size.width}x${size.height}`).toBe(sizes);
  });
});

describe('manifest, offline page and service worker over HTTP', () => {
  let ctx: TestContext;
  let root: string;

  beforeAll(async () => {
    // A built web app as far as these routes care: the page, the icons and the worker.
    root = mkdtempSync(join(tmpdir(), 'pwa-routes-'));
    mkdirSync(join(root, 'icons'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const icon of [...DEFAULT_ICONS.map((i) => i.src), APPLE_TOUCH_ICON]) {
      copyFileSync(join(PUBLIC, icon), join(root, icon));
    }
    writeFileSync(join(root, 'sw.js'), SW);
    ctx = await createTestContext({
      env: { PORTAL_TITLE: 'Lab <Portal> & Co', PORTAL_SUBTITLE: 'Our tools' },
      deps: { webRoot: root, renderPage: null },
    });
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the manifest as application/manifest+json, revalidated, from the branding', async () => {
    const response = await ctx.app.inject({ url: MANIFEST_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toMatch(/manifest-src 'self'/);
    const manifest = response.json<WebManifest>();
    expect(manifest.name).toBe('Lab <Portal> & Co');
    expect(manifest.description).toBe('Our tools');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
  });

  it('serves every icon it names as a PNG of its size', async () => {
    const manifest = (await ctx.app.inject({ url: MANIFEST_PATH })).json<WebManifest>();
    for (const icon of [...manifest.icons, { src: APPLE_TOUCH_ICON, sizes: '180x180' }]) {
      const response = await ctx.app.inject({ url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const size = imageSize(response.rawPayload);
      expect(`${size.width}x${size.height}`).toBe(icon.sizes);
    }
  });

  it('serves the service worker as JavaScript, revalidated on every check, for scope /', async () => {
    const response = await ctx.app.inject({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(SW);
    expect(response.headers['content-security-policy']).toMatch(/worker-src 'self'/);
  });

  it('serves the offline page: self-contained, escaped title, a way to try again', async () => {
    const response = await ctx.app.inject({ url: OFFLINE_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<title>Offline · Lab &lt;Portal&gt; &amp; Co</title>');
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>You are offline<\/h1>/);
    expect(html).toContain('<a class="retry" href="/">Try again</a>');
    // Nothing to fetch: no script, no stylesheet link, no image.
    expect(html).not.toMatch(/<script|<link|<img|src=/);
    // The security checklist's headers of HTML answers (line 89).
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/base-uri 'self'/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is the same for everyone: no cookie is set or read', async () => {
    for (const url of [MANIFEST_PATH, OFFLINE_PATH, '/sw.js']) {
      const response = await ctx.app.inject({ url, headers: { cookie: 'portal_session=x' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_DIR as PUBLIC,
  SERVICE_WORKER as SW,
  startBrandingPortal,
  type BrandingPortal,
} from '../test-support/branding-portal.js';
import { ico, icoBitmap, pngSized } from '../files/test-support/images.js';
import { createManifestBranding, logoIcon, manifestIcons } from './manifest-icons.js';
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
  let portal: BrandingPortal;
  let ctx: BrandingPortal['ctx'];

  beforeAll(async () => {
    // A built web app as far as these routes care: the page, the icons and the worker.
    portal = await startBrandingPortal({
      pwa: true,
      env: { PORTAL_TITLE: 'Lab <Portal> & Co', PORTAL_SUBTITLE: 'Our tools' },
    });
    ctx = portal.ctx;
  }, 60_000);

  afterAll(async () => {
    await portal?.close();
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
    expect(html).toContain('<html lang="en" dir="ltr">');
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

  it("writes the offline page in the visitor's language, right to left for Arabic", async () => {
    const german = await ctx.app.inject({
      url: OFFLINE_PATH,
      headers: { 'accept-language': 'de-CH, en;q=0.5' },
    });
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.body).toContain('<h1>Sie sind offline</h1>');
    expect(german.body).toContain('>Erneut versuchen</a>');
    expect(german.headers.vary).toMatch(/accept-language/i);
    const arabic = await ctx.app.inject({ url: OFFLINE_PATH, headers: { cookie: 'lang=ar' } });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.headers.etag).not.toBe(german.headers.etag);
  });

  it('is the same for everyone: no cookie is set or read', async () => {
    for (const url of [MANIFEST_PATH, OFFLINE_PATH, '/sw.js']) {
      const response = await ctx.app.inject({ url, headers: { cookie: 'portal_session=x' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('manifest icons from the branding', () => {
  const url = '/api/portal/logo/logo-0123456789ab.png';

  it('lists an SVG logo as scalable, a raster logo at its stored sizes, before the defaults', () => {
    expect(manifestIcons({ url: '/l.svg', contentType: 'image/svg+xml', sizes: 'any' })).toEqual([
      { src: '/l.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ...DEFAULT_ICONS,
    ]);
    expect(logoIcon({ url, contentType: 'image/png', sizes: '256x128' })).toEqual({
      src: url,
      sizes: '256x128',
      type: 'image/png',
      purpose: 'any',
    });
    expect(logoIcon({ url, contentType: 'image/x-icon', sizes: '16x16 32x32' })?.sizes).toBe(
      '16x16 32x32',
    );
    // Sizes that could not be read: the icon without a size, never a wrong one.
    expect(logoIcon({ url, contentType: 'image/png', sizes: '' })).toEqual({
      src: url,
      type: 'image/png',
      purpose: 'any',
    });
    expect(manifestIcons(undefined)).toEqual(DEFAULT_ICONS);
  });

  it('asks for the logo once per logo, and not one whose URL moved on meanwhile', async () => {
    let logoUrl: string | null = `/api/portal/logo/logo-${'a'.repeat(12)}.png`;
    let reads = 0;
    const stored = { url: logoUrl, contentType: 'image/png', sizes: '64x64' };
    const branding = createManifestBranding({
      info: async () =>
        ({ title: 'P', subtitle: '', footer: '', logoUrl }) as Awaited<
          ReturnType<Parameters<typeof createManifestBranding>[0]['info']>
        >,
      manifestLogo: async () => {
        reads += 1;
        return stored;
      },
    });
    expect((await branding()).icons[0]).toMatchObject({ src: logoUrl, sizes: '64x64' });
    await branding();
    expect(reads).toBe(1);
    // The answer names a newer logo than the one read: the defaults, read again next time.
    logoUrl = `/api/portal/logo/logo-${'b'.repeat(12)}.png`;
    expect((await branding()).icons).toEqual(DEFAULT_ICONS);
    await branding();
    expect(reads).toBe(3);
    logoUrl = null;
    expect((await branding()).icons).toEqual(DEFAULT_ICONS);
  });
});

describe("the manifest follows the admins' logo", () => {
  let portal: BrandingPortal;
  afterEach(async () => {
    await portal.close();
  });

  const manifest = () => portal.call('GET', MANIFEST_PATH, '');
  const EVIL_SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" onload="alert(1)"><script>alert(2)</script><rect width="8" height="8"/></svg>';

  it('lists an uploaded SVG logo first, sanitised and public, and changes with it', async () => {
    portal = await startBrandingPortal({ pwa: true });
    const before = await manifest();
    expect(before.json<WebManifest>().icons).toEqual(DEFAULT_ICONS);
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(
      (await portal.ctx.app.inject({ url: MANIFEST_PATH, headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);

    const put = await portal.call(
      'PUT',
      '/api/admin/portal/logo',
      portal.admin,
      EVIL_SVG,
      'image/svg+xml',
    );
    expect(put.statusCode).toBe(200);
    const logoUrl = put.json().portal.logoUrl as string;

    const after = await portal.ctx.app.inject({
      url: MANIFEST_PATH,
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers['cache-control']).toBe('no-cache');
    expect(after.headers.etag).not.toBe(etag);
    const icons = after.json<WebManifest>().icons;
    expect(icons).toEqual([
      { src: logoUrl, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ...DEFAULT_ICONS,
    ]);
    // Served to anyone, without a cookie, sanitised.
    const served = await portal.call('GET', logoUrl, '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.body).not.toMatch(/script|onload/);

    expect((await portal.call('DELETE', '/api/admin/portal/logo', portal.admin)).statusCode).toBe(
      200,
    );
    expect((await manifest()).json<WebManifest>().icons).toEqual(DEFAULT_ICONS);
  });

  it('lists a raster logo at its real size, type from the bytes', async () => {
    portal = await startBrandingPortal({ pwa: true });
    const put = await portal.call(
      'PUT',
      '/api/admin/portal/logo',
      portal.admin,
      pngSized(300, 200),
      'application/octet-stream',
    );
    expect(put.statusCode).toBe(200);
    const [first, ...rest] = (await manifest()).json<WebManifest>().icons;
    expect(first).toEqual({
      src: put.json().portal.logoUrl,
      sizes: '300x200',
      type: 'image/png',
      purpose: 'any',
    });
    expect(rest).toEqual(DEFAULT_ICONS);
    // A favicon is no app icon: it leaves the manifest alone.
    await portal.call(
      'PUT',
      '/api/admin/portal/favicon',
      portal.admin,
      pngSized(32, 32),
      'image/png',
    );
    expect((await manifest()).json<WebManifest>().icons).toHaveLength(DEFAULT_ICONS.length + 1);
  });

  it("keeps an ICO logo's sizes with it, so the manifest reads no image bytes", async () => {
    portal = await startBrandingPortal({ pwa: true });
    const icon = ico([icoBitmap(16, 16), icoBitmap(32, 32), icoBitmap(32, 32)]);
    const put = await portal.call(
      'PUT',
      '/api/admin/portal/logo',
      portal.admin,
      icon,
      'image/x-icon',
    );
    expect(put.statusCode).toBe(200);
    const row = await portal.ctx.db
      .selectFrom('portalImages')
      .select('sizes')
      .where('kind', '=', 'logo')
      .executeTakeFirstOrThrow();
    expect(row.sizes).toBe('16x16 32x32');
    // The bytes are replaced by ones that would not parse: the manifest still names the sizes
    // kept with the logo, so it never read them.
    await portal.ctx.db
      .updateTable('portalImages')
      .set({ bytes: Buffer.from('not an icon') })
      .where('kind', '=', 'logo')
      .execute();
    expect((await manifest()).json<WebManifest>().icons[0]).toMatchObject({
      src: put.json().portal.logoUrl,
      sizes: '16x16 32x32',
    });
  });

  it('works out the sizes of a logo stored before they were kept, once, and keeps them', async () => {
    portal = await startBrandingPortal({ pwa: true });
    const put = await portal.call(
      'PUT',
      '/api/admin/portal/logo',
      portal.admin,
      pngSized(48, 24),
      'image/png',
    );
    expect(put.statusCode).toBe(200);
    await portal.ctx.db
      .updateTable('portalImages')
      .set({ sizes: null })
      .where('kind', '=', 'logo')
      .execute();
    expect((await manifest()).json<WebManifest>().icons[0]).toMatchObject({ sizes: '48x24' });
    const row = await portal.ctx.db
      .selectFrom('portalImages')
      .select('sizes')
      .where('kind', '=', 'logo')
      .executeTakeFirstOrThrow();
    expect(row.sizes).toBe('48x24');
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { parseManifest } from 'lighthouse/core/lib/manifest-parser.js';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/lib/ensure.mjs';
import {
  CHROMIUM_PATH,
  expectCleanAndClose,
  newWatchedContext,
  returnFromSignOut,
  watch,
} from './support/browser.js';
import { lighthouseInstallable } from './support/lighthouse-installable.mjs';
import { usePortalAndBrowser } from './support/suite.js';
import { signInAtDemoIdp } from './support/demo-login.js';

// `npm start` defaults: the demo catalog and the embedded demo identity provider.
const suite = usePortalAndBrowser();

/** What a cache may hold: Vite's hashed build files and the offline page, nothing else. */
const ALLOWED_IN_CACHE = /^\/(assets\/[\w.-]+-[\w-]{8,}\.[a-z0-9]+|offline\.html)$/;

/** Waits until the service worker is active and controls the page. */
async function controlled(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 20_000,
    })
    .not.toBeNull();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** Every Cache Storage cache of the origin and the paths of what it holds. */
function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      result[name] = keys.map((request) => new URL(request.url).pathname).sort();
    }
    return result;
  });
}

/** Every request of the context's pages and workers, by URL. */
function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

async function portalTitle(): Promise<string> {
  const response = await fetch(`${suite.portal.url}/api/portal`);
  return ((await response.json()) as { title: string }).title;
}

const signIn = (page: Page, user: string) => signInAtDemoIdp(page, suite.portal.url, user);

describe('the installable portal', () => {
  it('passes Lighthouse’s installability audit', async () => {
    const { score, explanation } = await lighthouseInstallable(
      `${suite.portal.url}/`,
      process.env.CHROME_PATH ?? CHROMIUM_PATH,
    );
    expect(explanation).toBeUndefined();
    expect(score).toBe(1);
    // The audit can fail: the offline page links no manifest.
    const without = await lighthouseInstallable(
      `${suite.portal.url}/offline.html`,
      process.env.CHROME_PATH ?? CHROMIUM_PATH,
    );
    expect(without.score).toBe(0);
    expect(without.explanation).toMatch(/manifest/);
  }, 120_000);

  it('passes Chromium’s installability check with a valid manifest (Lighthouse’s parser)', async () => {
    // A profile of its own: Chromium installs nothing from an incognito context (Playwright's
    // browser contexts are), and says so as the installability error "in-incognito".
    const profile = mkdtempSync(join(tmpdir(), 'portal-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    await context.route(
      (url) => url.hostname.endsWith('.example.edu'),
      (route) => route.abort(),
    );
    const watched = await watch(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(suite.portal.url);
    await controlled(page);
    const title = await portalTitle();

    // The check behind Lighthouse's former "installable-manifest" audit, asked of Chromium itself.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${suite.portal.url}/manifest.webmanifest`);
    expect(errors).toEqual([]);

    const parsed = parseManifest(data ?? '', url, page.url());
    expect(parsed.warning).toBeUndefined();
    if (!parsed.value) throw new Error('the manifest did not parse');
    const manifest = parsed.value;
    expect(manifest.name.value).toBe(title);
    expect(manifest.short_name.value).toBe(title.length <= 12 ? title : expect.any(String));
    expect([...(manifest.short_name.value ?? '')].length).toBeLessThanOrEqual(12);
    expect(manifest.display.value).toBe('standalone');
    expect(manifest.start_url.value).toBe(`${suite.portal.url}/`);
    expect(manifest.theme_color.value).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color.value).toMatch(/^#[0-9a-f]{6}$/);
    const icons = manifest.icons.value.map((icon) => ({
      sizes: icon.value.sizes.value,
      purpose: icon.value.purpose?.value,
      src: icon.value.src.value,
    }));
    for (const size of ['192x192', '512x512']) {
      expect(
        icons.some((icon) => icon.sizes?.includes(size) && icon.purpose?.includes('any')),
      ).toBe(true);
      expect(
        icons.some((icon) => icon.sizes?.includes(size) && icon.purpose?.includes('maskable')),
      ).toBe(true);
    }
    for (const icon of icons) {
      const response = await context.request.get(icon.src ?? '');
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    await cdp.detach();
    try {
      await expectCleanAndClose(context, watched);
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('makes no request to any other host, before or after the worker takes over', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const requests = recordRequests(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(suite.portal.url);
    await controlled(page);
    await page.reload();
    await page.getByRole('article').first().waitFor();
    await page.goto(`${suite.portal.url}/admin`);
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    expect(requests.length).toBeGreaterThan(0);
    const elsewhere = requests.filter(
      (url) => !url.startsWith('data:') && new URL(url).origin !== suite.portal.url,
    );
    expect(elsewhere).toEqual([]);
    await expectCleanAndClose(context, watched);
  });

  it('keeps nothing personal: after sign-in, browsing and sign-out, caches hold only build files and the offline page; offline, no signed-in page comes back', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(suite.portal.url);
    await controlled(page);

    const title = await portalTitle();
    await signIn(page, 'alice');
    const hello = page.getByRole('button', { name: 'Hello, Alice' });
    await hello.waitFor();
    await page.getByRole('heading', { name: 'RStudio Server' }).waitFor();
    // Browsing: a reload, the search, the admin console's route and back.
    await page.reload();
    await hello.waitFor();
    await page.goto(`${suite.portal.url}/?q=studio`);
    await hello.waitFor();
    await page.goto(`${suite.portal.url}/admin`);
    await page.goto(suite.portal.url);
    await hello.waitFor();

    // While signed in, the caches hold only what is the same for everyone.
    const whileSignedIn = await cacheContents(page);
    for (const paths of Object.values(whileSignedIn)) {
      for (const path of paths) expect(path).toMatch(ALLOWED_IN_CACHE);
    }

    await hello.click();
    const back = returnFromSignOut(page, suite.portal.url);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await back;
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    const contents = await cacheContents(page);
    const names = Object.keys(contents);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^app-portal-[0-9a-f]{12}$/);
    const paths = Object.values(contents).flat();
    expect(paths).toContain('/offline.html');
    for (const path of paths) expect(path).toMatch(ALLOWED_IN_CACHE);
    // The offline page kept is the public one: nothing of Alice in it.
    const offlineCopy = await page.evaluate(async () => {
      const response = await caches.match('/offline.html');
      return response ? response.text() : '';
    });
    expect(offlineCopy).toContain('You are offline');
    expect(offlineCopy).not.toMatch(/Alice|alice/);

    // Offline: the pages Alice saw are not served from anywhere; the offline page is.
    await context.setOffline(true);
    for (const path of ['/', '/?q=studio', '/admin']) {
      await page.goto(`${suite.portal.url}${path}`);
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/Alice|RStudio Server/);
      expect(text).toContain(title);
      expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/');
    }
    // Back online, "Try again" brings the portal back, signed out.
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'RStudio Server' }).count()).toBe(0);
    await expectCleanAndClose(context, watched);
  });

  it('serves the shell’s files from its cache offline and shows the offline page for pages', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(suite.portal.url);
    await controlled(page);
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
    );
    expect(scripts.length).toBeGreaterThan(0);
    // The icons' sprite (decision 0048): kept at install, so the icons draw offline too.
    const sprite = await page.evaluate(
      () =>
        /url\("([^"#]+)/.exec(getComputedStyle(document.querySelector('.icon')!).maskImage)?.[1],
    );
    expect(sprite).toMatch(/\/assets\/icons-[0-9a-f]{10}\.svg$/);
    await context.setOffline(true);
    for (const script of [...scripts, sprite!]) {
      const status = await page.evaluate(async (url) => (await fetch(url)).status, script);
      expect(status, script).toBe(200);
    }
    await page.goto(`${suite.portal.url}/`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await context.setOffline(false);
    await expectCleanAndClose(context, watched);
  });

  it('replaces the worker of an older build on the next visit, without a stale page', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(suite.portal.url);
    await controlled(page);
    const before = Object.keys(await cacheContents(page));
    expect(before).toHaveLength(1);

    // A new build: the same worker with another version (as `npm run build` writes it).
    const file = join(ROOT, 'dist', 'web', 'sw.js');
    const original = readFileSync(file, 'utf8');
    const copies = ['br', 'gz'].map((ext) => ({
      path: `${file}.${ext}`,
      content: readFileSync(`${file}.${ext}`),
    }));
    const next = original.replace(
      /^const VERSION = '([0-9a-f]+)';$/m,
      "const VERSION = 'fedcba987654';",
    );
    expect(next).not.toBe(original);
    try {
      writeFileSync(file, next);
      writeFileSync(`${file}.br`, brotliCompressSync(next));
      writeFileSync(`${file}.gz`, gzipSync(next));

      // The next visit finds the new worker, which takes over and deletes the older build's
      // cache. (No navigation while waiting: Chromium defers its update check while the worker
      // is busy with requests.)
      await page.goto(suite.portal.url);
      await expect
        .poll(async () => Object.keys(await cacheContents(page)), { timeout: 30_000 })
        .toEqual(['app-portal-fedcba987654']);
      await page.reload();
      await page.getByRole('article').first().waitFor();
      const active = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        return {
          waiting: registration?.waiting ?? null,
          controller: !!navigator.serviceWorker.controller,
        };
      });
      expect(active).toEqual({ waiting: null, controller: true });
      // The page itself always comes from the server: never an older copy.
      const served = await page.evaluate(() => document.documentElement.outerHTML.length);
      expect(served).toBeGreaterThan(1000);
    } finally {
      writeFileSync(file, original);
      for (const copy of copies) writeFileSync(copy.path, copy.content);
    }
    await expectCleanAndClose(context, watched);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findOverflowingControls, type Overflow } from '../support/layout.js';
import { freePort, startPortal, type PortalServer } from '../support/server.js';
import type { Engine, EnginePage } from './engine.js';
import { ENGINE_NAMES, launchEngine, missingEngine } from './engines.js';
import {
  atPath,
  clickNamed,
  hydrated,
  pageErrors,
  pick,
  statusSays,
  waitFor,
} from './page-helpers.js';
import { startRecordingProxy } from './recording-proxy.js';

// The core of the browser suite in every engine people use: Chromium, Firefox ESR (WebDriver
// BiDi) and WebKitGTK, the engine behind Safari (WebKitWebDriver), all from Debian's packages
// (npm test installs them). Home at 1280 and 390 px, search and `?q=`, themes, languages
// (Arabic), sign-in with the demo identity provider, favourites, requesting access and
// approving it, an admin's edit, the service worker; axe on the home page, the request dialog,
// the inbox and the console. Every page comes through a proxy that records what went wrong on
// it (recording-proxy.ts): an error, a hydration mismatch or a policy violation fails the test in
// any engine. Each engine gets a portal of its own (demo identity provider, the catalog below).
// Chromium runs the whole suite besides (e2e/*.e2e.ts); an engine missing here fails, it does
// not skip, unless the machine cannot install it (ALLOW_MISSING_ENGINES=true, said on the log).

const CATALOG = `apps:
  - { id: galaxy, name: Galaxy, description: Data analysis in the browser., link: https://galaxy.example.edu/, category: Analysis, isPublic: true }
  - { id: igv, name: IGV, description: Genome browser., link: https://igv.example.edu/, category: Genomics, isPublic: true }
  - { id: lab, name: Lab Notebook, description: Shared notebooks., link: https://notebook.example.edu/, category: Lab, isPublic: true }
  - id: napari
    name: Napari
    description: Image viewer for multi-dimensional data.
    link: https://napari.example.edu/
    category: Imaging
    associatedGroups: [imaging]
    access: { requestable: true, group: /imaging, approvers: [bob], showGroup: true }
`;

/** axe-core's WCAG 2.x A/AA rules, run in the page; the violations' ids and targets. */
async function axeViolations(page: EnginePage): Promise<string[]> {
  await page.inject(axe.source);
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
}

const overflowing = (page: EnginePage): Promise<Overflow[]> =>
  page.evaluate(findOverflowingControls);

/** Nothing went wrong on the page; then it is closed. */
async function expectCleanAndClose(page: EnginePage) {
  expect(await pageErrors(page)).toEqual([]);
  await page.close();
}

/** The names on the cards of a section, in order. */
function cardNames(page: EnginePage, section: string): Promise<string[]> {
  return page.evaluate((heading: string) => {
    const title = [...document.querySelectorAll('section h2')].find(
      (element) => element.textContent?.trim() === heading,
    );
    const region = title?.closest('section');
    return region
      ? [...region.querySelectorAll('article h3')].map((h3) => h3.textContent?.trim() ?? '')
      : [];
  }, section);
}

/** Through the demo identity provider's form, back on the portal's home page, hydrated. */
async function signIn(page: EnginePage, user: string) {
  await page.goto('/auth/login');
  await waitFor(page, 'the sign-in form', () => document.querySelector('#username') !== null);
  await page.type('#username', user);
  await page.type('#password', user);
  await clickNamed(page, 'button[type="submit"]', 'Sign in');
  await atPath(page, '/');
  await hydrated(page);
}

const missingAllowed = process.env.ALLOW_MISSING_ENGINES === 'true';

describe.each(ENGINE_NAMES)('the core flows in %s', (name) => {
  const missing = missingEngine(name);
  if (missing && missingAllowed)
    console.warn(`Skipping the core flows in ${name}: missing ${missing}.`);
  const run = !(missing && missingAllowed);

  let engine: Engine | undefined;
  let portal: PortalServer | undefined;
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>> | undefined;
  let catalogDir: string | undefined;
  const base = () => proxy?.url ?? '';
  /** The pages a test opened: closed after it, passed or failed. */
  const pages = new Set<EnginePage>();
  const open = async (path: string) => {
    if (!engine) throw new Error(`${name} is not started`);
    const page = await engine.newPage(base());
    const close = page.close.bind(page);
    page.close = async () => {
      pages.delete(page);
      await close();
    };
    pages.add(page);
    await page.goto(path);
    return page;
  };
  afterEach(async ({ task }) => {
    // A failed flow says what the server said meanwhile (a refused sign-in is logged there).
    if (task.result?.state === 'fail')
      console.log(`The portal's last output:\n${portal?.output().slice(-4000) ?? ''}`);
    await Promise.all([...pages].map((page) => page.close()));
  });

  beforeAll(async () => {
    if (!run) return;
    if (missing) throw new Error(`${name} is missing here: ${missing} (npm test installs it)`);
    catalogDir = mkdtempSync(join(tmpdir(), 'portal-engines-'));
    writeFileSync(join(catalogDir, 'catalog.yaml'), CATALOG);
    const port = await freePort();
    proxy = await startRecordingProxy(() => new URL(`http://127.0.0.1:${port}`));
    [portal, engine] = await Promise.all([
      startPortal(
        { PUBLIC_URL: proxy.url, CATALOG_FILE: join(catalogDir, 'catalog.yaml') },
        { port },
      ),
      launchEngine(name),
    ]);
  }, 180_000);
  afterAll(async () => {
    if (engine) console.log(`core flows ran in ${engine.version}`);
    await engine?.close();
    await proxy?.close();
    await portal?.stop();
    if (catalogDir) rmSync(catalogDir, { recursive: true, force: true });
  }, 60_000);

  it.runIf(run)(
    'records what goes wrong on a page: errors, rejections, console errors',
    async () => {
      const page = await open('/');
      await hydrated(page);
      await page.evaluate(() => {
        console.error('said on the console');
        setTimeout(() => {
          throw new Error('thrown in a timer');
        });
        void Promise.reject(new Error('rejected, unhandled'));
      });
      const recorded = await waitFor(page, 'the three faults recorded', async () => {
        const errors = (window as unknown as { __e2eErrors?: string[] }).__e2eErrors ?? [];
        return errors.length >= 3 ? errors.join('\n') : '';
      });
      expect(recorded).toMatch(/console\.error: said on the console/);
      expect(recorded).toMatch(/uncaught: .*thrown in a timer/);
      expect(recorded).toMatch(/unhandled rejection: .*rejected, unhandled/);
      await page.close();
    },
  );

  it.runIf(run)(
    'home at 1280 and 390 px: the cards by category, one menu, every control in its box, axe clean',
    async () => {
      const page = await open('/');
      await hydrated(page);
      expect(await cardNames(page, 'Analysis')).toEqual(['Galaxy']);
      expect(await cardNames(page, 'Genomics')).toEqual(['IGV']);
      const menus = () =>
        page.evaluate(() =>
          ['user-menu-wide', 'user-menu-narrow'].filter((id) => {
            const menu = document.querySelector(`[data-testid="${id}"]`);
            return menu !== null && getComputedStyle(menu).display !== 'none';
          }),
        );
      expect(await menus()).toEqual(['user-menu-wide']);
      expect(await overflowing(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      // A phone's width; WebKitGTK's MiniBrowser keeps its window at least 447 px wide, the
      // narrowest it can show (still the narrow layout, below 768 px).
      await page.setViewport(390, 800);
      const width = await waitFor(page, 'a narrow viewport', () =>
        window.innerWidth < 768 ? window.innerWidth : 0,
      );
      expect(width).toBeLessThanOrEqual(name === 'webkit' ? 480 : 390);
      expect(await menus()).toEqual(['user-menu-narrow']);
      await clickNamed(page, 'button', 'Open menu');
      await waitFor(
        page,
        'the open menu',
        () =>
          document.querySelector('[data-testid="user-menu-narrow"] [aria-expanded="true"]') !==
          null,
      );
      expect(await overflowing(page)).toEqual([]);
      await page.press('Escape');
      await expectCleanAndClose(page);
    },
  );

  it.runIf(run)(
    'search: a ?q= page hydrates without a mismatch; typing narrows the cards, misspelt too',
    async () => {
      const page = await open('/?q=igv');
      await hydrated(page);
      expect(await page.evaluate(() => document.querySelector('article mark')?.textContent)).toBe(
        'IGV',
      );
      const search = await pick(page, 'input[type="search"]', 'Search apps');
      await page.type(search, 'galxy');
      await waitFor(page, 'Galaxy found for "galxy"', () => {
        const names = [...document.querySelectorAll('main article h3')].map((h3) =>
          h3.textContent?.trim(),
        );
        return names.length === 1 && names[0] === 'Galaxy';
      });
      await expectCleanAndClose(page);
    },
  );

  it.runIf(run)(
    'themes and languages: dark kept across a reload, Arabic reads right to left',
    async () => {
      const page = await open('/');
      await hydrated(page);
      await page.click('[data-testid="user-menu-wide"] label:has(input[value="dark"])');
      await waitFor(
        page,
        'the dark theme',
        () => document.documentElement.dataset.theme === 'dark',
      );
      await page.goto('/');
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

      await page.select('[data-testid="user-menu-wide"] select[name="language"]', 'ar');
      await waitFor(
        page,
        'the page in Arabic',
        () => document.documentElement.lang === 'ar' && document.documentElement.dir === 'rtl',
      );
      await hydrated(page);
      await pick(page, 'input[type="search"]', 'البحث في التطبيقات');
      expect(await overflowing(page)).toEqual([]);
      await page.select('[data-testid="user-menu-wide"] select[name="language"]', 'en');
      await waitFor(page, 'the page in English', () => document.documentElement.lang === 'en');
      await expectCleanAndClose(page);
    },
  );

  it.runIf(run)(
    'signs in with the demo identity provider; favourites are kept across a reload',
    async () => {
      const page = await open('/');
      await signIn(page, 'alice');
      await clickNamed(page, 'button', 'Add IGV to favorites');
      await pick(page, 'button', 'Remove IGV from favorites');
      await waitFor(page, 'IGV among the favourites', () =>
        [...document.querySelectorAll('section h2')].some(
          (h2) => h2.textContent?.trim() === 'Favorites',
        ),
      );
      expect(await cardNames(page, 'Favorites')).toEqual(['IGV']);
      await page.goto('/');
      await hydrated(page);
      expect(await cardNames(page, 'Favorites')).toEqual(['IGV']);
      // Signing out: the worker serves the page's files meanwhile (an icon sprite it failed to
      // deliver once made a page error in Firefox).
      await clickNamed(page, '[data-testid="user-menu-wide"] button', /Hello, Alice/);
      await page.evaluate(() => {
        (window as unknown as { __e2eLeaving?: boolean }).__e2eLeaving = true;
      });
      await clickNamed(page, '[data-testid="user-menu-wide"] button', 'Sign out');
      // Through the identity provider's end of session and back: a new home page.
      await waitFor(
        page,
        'a new home page after signing out',
        () =>
          !(window as unknown as { __e2eLeaving?: boolean }).__e2eLeaving &&
          location.pathname === '/' &&
          document.readyState === 'complete',
      );
      await hydrated(page);
      await pick(page, '[data-testid="user-menu-wide"] button', 'Sign in');
      expect(await cardNames(page, 'Favorites')).toEqual([]);
      await expectCleanAndClose(page);
    },
  );

  it.runIf(run)(
    'alice requests access, bob approves it in his inbox; axe on the dialog and the inbox',
    async () => {
      const alice = await open('/');
      await signIn(alice, 'alice');
      await clickNamed(alice, 'button', 'Request access: Napari');
      await waitFor(
        alice,
        'the request dialog',
        () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null,
      );
      expect(await axeViolations(alice)).toEqual([]);
      await alice.type('[role="dialog"] textarea', 'Cell tracking for my thesis.');
      await clickNamed(alice, '[role="dialog"] button', 'Send request');
      await waitFor(alice, 'the request on the card', () =>
        /Requested on /.test(
          document.querySelector('article[data-locked="true"]')?.textContent ?? '',
        ),
      );

      const bob = await open('/');
      await signIn(bob, 'bob');
      await clickNamed(bob, 'a', 'Requests');
      await atPath(bob, '/requests');
      const request = await pick(bob, 'li', /asks for Napari/);
      expect(await axeViolations(bob)).toEqual([]);
      await clickNamed(bob, `${request} button`, 'Approve');
      await statusSays(bob, /approved/i);
      await expectCleanAndClose(bob);
      await expectCleanAndClose(alice);
    },
  );

  it.runIf(run)(
    'an admin edits an app in the console (axe clean); a visitor sees the change',
    async () => {
      const page = await open('/');
      await signIn(page, 'admin');
      await page.goto('/admin');
      await waitFor(page, 'the console', () =>
        [...document.querySelectorAll('h1')].some(
          (h1) => h1.textContent?.trim() === 'Admin console',
        ),
      );
      await pick(page, 'th, [role="rowheader"]', /Galaxy/);
      expect(await axeViolations(page)).toEqual([]);
      await clickNamed(page, 'button', 'Edit Galaxy');
      const description = await pick(page, 'textarea, input', 'Description');
      await page.type(description, `Edited in ${name}.`);
      await clickNamed(page, 'button', 'Save changes');
      await statusSays(page, /Saved Galaxy/);
      await expectCleanAndClose(page);

      const visitor = await open('/');
      await hydrated(visitor);
      expect(
        await visitor.evaluate(() =>
          [...document.querySelectorAll('article')]
            .find((card) => card.querySelector('h3')?.textContent?.trim() === 'Galaxy')
            ?.textContent?.includes('Edited in '),
        ),
      ).toBe(true);
      await expectCleanAndClose(visitor);
    },
  );

  it.runIf(run)(
    'the service worker takes the page over and keeps the shell for offline',
    async () => {
      const page = await open('/');
      await hydrated(page);
      await waitFor(page, 'an active service worker', () =>
        navigator.serviceWorker.ready.then((registration) => registration.active !== null),
      );
      await page.goto('/');
      await hydrated(page);
      await waitFor(
        page,
        'the page controlled by the worker',
        () => navigator.serviceWorker.controller !== null,
      );
      expect(await page.evaluate(async () => (await caches.keys()).length > 0)).toBe(true);
      await expectCleanAndClose(page);
    },
  );
});

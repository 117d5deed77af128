import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watch } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

// `npm start` defaults: the demo catalog and the embedded demo identity provider.
const suite = usePortalAndBrowser();

interface PublicApp {
  id: string;
  name: string;
  link: string;
  doc: string;
  github: string;
}

async function publicApps(): Promise<PublicApp[]> {
  const response = await fetch(`${suite.portal.url}/api/apps?perPage=500`);
  return ((await response.json()) as { items: PublicApp[] }).items;
}

/** Every console message, failed request and 4xx/5xx answer of the context's pages. */
function listen(context: BrowserContext) {
  const noise: string[] = [];
  const requests: string[] = [];
  const attach = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        noise.push(`console ${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => noise.push(`page error: ${error.message}`));
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    page.on('requestfailed', (request) => noise.push(`failed: ${request.url()}`));
    page.on('response', (response) => {
      if (response.status() >= 400) noise.push(`${response.status()}: ${response.url()}`);
    });
  };
  context.on('page', attach);
  return { noise, requests };
}

/* global window, document, MutationObserver */

/**
 * Runs in the page from its first byte: gives the first card's name an `elementtiming`
 * attribute as the parser adds it, so that the browser reports when that text was painted
 * (Element Timing), and keeps that time in `window.__firstCardPainted`.
 */
function timeFirstCard() {
  const painted = window as unknown as { __firstCardPainted?: number };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { renderTime: number })[]) {
      painted.__firstCardPainted ??= entry.renderTime || entry.startTime;
    }
  }).observe({ type: 'element', buffered: true });
  const observer = new MutationObserver(() => {
    const name = document.querySelector('article h3');
    if (!name) return;
    name.setAttribute('elementtiming', 'first-card');
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** The catalog's example.edu links lead nowhere here: the browser must not try them. */
async function offline(context: BrowserContext) {
  await context.route(
    (url) => url.hostname.endsWith('.example.edu') || url.hostname.endsWith('github.com'),
    (route) => route.abort(),
  );
}

describe('the home page without JavaScript', () => {
  it('shows every public card with working links and a working "Sign in" link', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    await offline(context);
    const page = await context.newPage();
    await page.goto(suite.portal.url);

    const apps = await publicApps();
    expect(apps.length).toBeGreaterThan(0);
    const names = await page.getByRole('article').locator('h3').allTextContents();
    expect(names.sort()).toEqual(apps.map((app) => app.name).sort());
    for (const app of apps) {
      const card = page.getByRole('article').filter({ has: page.getByText(app.name) });
      const hrefs = await card
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toContain(app.link);
      if (app.doc) expect(hrefs).toContain(app.doc);
      if (app.github) expect(hrefs).toContain(app.github);
    }
    // Hidden apps of the demo catalog never reach an anonymous page.
    expect(await page.getByText('RStudio Server').count()).toBe(0);

    const signIn = page.getByRole('link', { name: 'Sign in', exact: true });
    expect(await signIn.getAttribute('href')).toBe('/auth/login');
    await signIn.click();
    await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
    expect(await page.getByLabel('Username').count()).toBe(1);
    await context.close();
  });
});

describe('the home page with JavaScript', () => {
  it('anonymous: cards in the first answer, no API call for them, no failed request, a quiet console', async () => {
    const context = await suite.browser.newContext();
    await offline(context);
    const heard = listen(context);
    const watched = await watch(context);
    const page = await context.newPage();
    const response = await page.goto(suite.portal.url);
    const html = (await response?.text()) ?? '';
    for (const app of await publicApps()) expect(html).toContain(app.name);

    // Hydrated: the button's handler signs in with the way back (the link is the no-JS path).
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(heard.requests).not.toContain('/api/me');
    expect(heard.requests).not.toContain('/api/apps');
    expect(heard.requests).not.toContain('/api/portal');
    // The page's messages (decision 0060): one request, the preload's, which the app's fetch took.
    expect(heard.requests.filter((path) => path.startsWith('/api/messages/'))).toEqual([
      '/api/messages/en/page',
    ]);
    expect(heard.noise).toEqual([]);
    expect(watched.cspViolations).toEqual([]);
    await context.close();
  });

  // A page opened with a search: the server renders what the app renders (the matches marked,
  // each card's logo), so hydration finds its markup and the console stays quiet.
  it.each(['lab', 'igv', 'genomics viewer'])(
    '?q=%s: the first answer holds the hits as the app renders them, without a mismatch',
    async (query) => {
      const context = await suite.browser.newContext();
      await offline(context);
      const heard = listen(context);
      const watched = await watch(context);
      const page = await context.newPage();
      const response = await page.goto(`${suite.portal.url}/?q=${encodeURIComponent(query)}`);
      const html = (await response?.text()) ?? '';
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      // Every card's name as the browser shows it is in the first answer, marks included.
      const names = await page
        .locator('article h3')
        .evaluateAll((titles) => titles.map((title) => title.innerHTML));
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(html).toContain(name);
      expect(heard.noise).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      await context.close();
    },
  );

  it('runs no script before the first paint, and paints the cards from the first answer', async () => {
    const context = await suite.browser.newContext();
    await offline(context);
    await context.addInitScript(timeFirstCard);
    const page = await context.newPage();
    // A phone's CPU (Lighthouse's mobile conditions): the start's work is slow enough to matter.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const response = await page.goto(suite.portal.url);
    const html = (await response?.text()) ?? '';
    // The cards are in the first answer, as markup.
    for (const app of await publicApps())
      expect(html).toMatch(new RegExp(`<h3[^>]*>[^<]*${app.name}`));
    // Nothing runs while the HTML is parsed: no inline script, no classic script, one module
    // script (deferred by nature), the start; the rest of the start is only preloaded.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    const executable = scripts.filter((tag) => !tag.includes('type="application/json"'));
    expect(executable).toHaveLength(1);
    expect(executable[0]).toContain('type="module"');
    // Hydrated: the button's handler signs in with the way back.
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      start: performance.getEntriesByName('portal:start')[0]?.startTime,
      main: performance.getEntriesByName('portal:main')[0]?.startTime,
      firstCard: (window as unknown as { __firstCardPainted?: number }).__firstCardPainted,
    }));
    // The header, the cards and the footer hydrate in turns after the rest (decision 0039).
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('portal:hydrated').length))
      .toBe(1);
    const hydrated = await page.evaluate(
      () => performance.getEntriesByName('portal:hydrated')[0]?.startTime,
    );
    expect(hydrated).toBeGreaterThan(timing.main ?? Infinity);
    expect(timing.firstPaint).toBeGreaterThan(0);
    expect(timing.firstContentfulPaint).toBeGreaterThan(0);
    // The first card was painted from the server's markup, before any of the app ran: the
    // browser's own paint time of its name (Element Timing), not only the first paint of the page.
    expect(timing.firstCard).toBeGreaterThan(0);
    expect(timing.firstCard).toBeLessThanOrEqual(timing.start ?? -Infinity);
    // The start's own module only waits for the paint: the app begins after it.
    expect(timing.start).toBeGreaterThan(timing.firstPaint ?? Infinity);
    expect(timing.start).toBeGreaterThanOrEqual(timing.firstContentfulPaint ?? Infinity);
    // The app's entry, evaluated after its imports (the app), comes after the start's mark.
    expect(timing.main).toBeGreaterThan(timing.start ?? Infinity);
    await context.close();
  });

  it('loads no script that the first answer does not name: no request chain', async () => {
    const context = await suite.browser.newContext();
    await offline(context);
    const heard = listen(context);
    const page = await context.newPage();
    const response = await page.goto(suite.portal.url);
    const html = (await response?.text()) ?? '';
    // Hydrated: every script of the start has run.
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    // The sign-in helpers load after the page, for the silent check, and so does the script of
    // the check's hidden frame (/auth/silent.js), whenever the check gets that far: not part of
    // the start.
    const scripts = heard.requests.filter(
      (path) =>
        path.endsWith('.js') && !path.includes('/silent-check-') && path !== '/auth/silent.js',
    );
    // The start, the app's entry, the app and React DOM (imported dynamically, preloaded by
    // index.html).
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const path of scripts) expect(html).toContain(`"${path}"`);
    // None of them is needed for the first paint: each is fetched at low priority (decision 0020).
    const tags = html.match(
      /<script [^>]*type="module"[^>]*>|<link [^>]*rel="modulepreload"[^>]*>/g,
    );
    expect(tags?.length).toBe(scripts.length);
    for (const tag of tags ?? []) expect(tag).toContain('fetchpriority="low"');
    expect(heard.noise).toEqual([]);
    await context.close();
  });

  it('signed in: the page is rendered for the user and hydrates without a warning', async () => {
    const context = await suite.browser.newContext();
    await offline(context);
    const page = await context.newPage();
    await page.goto(suite.portal.url);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${suite.portal.url}/`, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Hello, Alice' }).waitFor();

    const heard = listen(context);
    const fresh = await context.newPage();
    const response = await fresh.goto(suite.portal.url);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('RStudio Server');
    expect(html).toContain('Alice');
    // Rendered by the server's render worker (decision 0040), not here after it failed.
    expect(suite.portal.output()).not.toMatch(
      /render worker could not take|server rendering of the home page failed/,
    );
    await fresh.getByRole('button', { name: 'Add RStudio Server to favorites' }).waitFor();
    await fresh.waitForLoadState('networkidle');
    expect(heard.requests).not.toContain('/api/me');
    expect(heard.requests).not.toContain('/api/apps');
    expect(heard.noise).toEqual([]);
    await context.close();
  });
});

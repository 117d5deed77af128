import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { keycloakAvailability } from '../scripts/keycloak/keycloak.mjs';
import { axeViolations } from './support/axe.js';
import {
  catalogNames,
  expectCleanAndClose,
  newWatchedContext,
  returnFromSignOut,
  type Watched,
} from './support/browser.js';
import { signInAtKeycloak } from './support/keycloak-login.js';
import { useKeycloakPortalAndBrowser } from './support/suite.js';

// Sign-in journeys in Chromium against the built server and a real Keycloak (one Keycloak for
// the whole file: it takes 20-70 s to start). Runs whenever the machine can provide Keycloak
// (Java 17+, and Maven or a cached copy), like src/server/auth/keycloak.int.test.ts.

const availability = keycloakAvailability();
if (!availability.ok) console.warn(`Skipping the Keycloak browser tests: ${availability.reason}.`);

/** This file's own catalog: two public apps, two for genomics, one for imaging. */
const CATALOG = `apps:
  - { id: galaxy, name: Galaxy, link: https://galaxy.example.edu/, category: apps, isPublic: true }
  - { id: igv, name: IGV Web, link: https://igv.example.edu/, category: Data, isPublic: true }
  - { id: rstudio, name: RStudio Server, link: https://rstudio.example.edu/, category: apps, associatedGroups: [genomics] }
  - { id: variants, name: Variant Explorer, link: https://variants.example.edu/, env: stage, category: apps, associatedGroups: [genomics] }
  - { id: omero, name: OMERO, link: https://omero.example.edu/, category: Data, associatedGroups: [imaging] }
`;
const PUBLIC_APPS = ['Galaxy', 'IGV Web'];
const GENOMICS_APPS = ['RStudio Server', 'Variant Explorer'];
const IMAGING_APPS = ['OMERO'];
/** The sessionStorage key of the silent sign-on rule (src/web/features/auth/utils). */
const SILENT_FLAG = 'app-portal.silent-sign-on';

describe.skipIf(!availability.ok)('sign-in in the browser against a real Keycloak', () => {
  const suiteStarted = Date.now();
  // Its own Keycloak: the last test stops it.
  const suite = useKeycloakPortalAndBrowser(CATALOG, {}, { ownKeycloak: true });
  const contexts: { context: BrowserContext; watched: Watched }[] = [];

  afterAll(() => {
    console.log(
      `Keycloak browser tests: ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s in all`,
    );
  });

  /**
   * A fresh watched browser context, closed after the test if the test did not. These tests
   * count the requests of sign-in, sign-out and the silent check at the page; the service
   * worker answers navigations itself (through navigation preload), which would hide them from
   * the page's request events, so it is kept out here. e2e/installable.e2e.ts signs in and out
   * with the worker running.
   */
  async function newContext(options: { width?: number } = {}) {
    const opened = await newWatchedContext(suite.browser, { ...options, serviceWorkers: 'block' });
    contexts.push(opened);
    return opened;
  }

  const done = expectCleanAndClose;

  async function waitForCards(page: Page, names: string[]) {
    await expect.poll(() => catalogNames(page), { timeout: 15_000 }).toEqual([...names].sort());
  }

  /** Requests of the hidden frame (the silent check), and the page's own navigations. */
  function record(page: Page) {
    const frameRequests: string[] = [];
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (!request.isNavigationRequest()) return;
      const path = new URL(request.url()).pathname;
      if (request.frame() === page.mainFrame()) navigations.push(request.url());
      else frameRequests.push(path);
    });
    return { frameRequests, navigations };
  }

  const silentFlag = (page: Page) =>
    page.evaluate((key) => sessionStorage.getItem(key), SILENT_FLAG);

  /** The silent check was made and is over (its frame is removed when it settles). */
  async function silentCheckFinished(page: Page, frameRequests: string[]) {
    await expect
      .poll(
        async () =>
          frameRequests.includes('/auth/silent') && (await page.locator('iframe').count()),
        { timeout: 15_000 },
      )
      .toBe(0);
  }

  const urls = () => ({ keycloak: suite.keycloak.url, portal: suite.portal.url });

  /** From the portal's home page: `Sign in`, then Keycloak's login page. */
  async function signIn(page: Page, username: string) {
    await page.goto(suite.portal.url);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signInAtKeycloak(page, urls(), username);
  }

  it('anonymous: public apps only, "Sign in", no favorite buttons, accessible', async () => {
    const { context, watched } = await newContext();
    const page = await context.newPage();
    const { frameRequests } = record(page);
    await page.goto(suite.portal.url);
    await waitForCards(page, PUBLIC_APPS);
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /favorites/i }).count()).toBe(0);

    // The silent check ran in the background, found nobody and is not tried again in this tab.
    await silentCheckFinished(page, frameRequests);
    expect(frameRequests).toContain('/auth/callback');
    expect(await silentFlag(page)).toBe('failed');
    expect(page.url()).toBe(`${suite.portal.url}/`);
    await page.reload();
    await waitForCards(page, PUBLIC_APPS);
    expect(frameRequests.filter((path) => path === '/auth/silent')).toHaveLength(1);

    expect(await axeViolations(page)).toEqual([]);
    await done(context, watched);
  });

  it('alice signs in at Keycloak, favorites an app, keeps it after a reload, holds no token', async () => {
    const { context, watched } = await newContext();
    const page = await context.newPage();
    await signIn(page, 'alice');

    const hello = page.getByRole('button', { name: 'Hello, Alice' });
    await hello.waitFor({ timeout: 15_000 });
    expect(await hello.getByTestId('user-avatar').textContent()).toBe('A');
    await waitForCards(page, [...PUBLIC_APPS, ...GENOMICS_APPS]);
    expect(new URL(page.url()).search).toBe('');

    await page.getByRole('button', { name: 'Add RStudio Server to favorites' }).click();
    const favorites = page.getByRole('region', { name: 'Favorites' });
    await favorites.waitFor();
    expect(await favorites.getByRole('article').locator('h3').allTextContents()).toEqual([
      'RStudio Server',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await favorites.waitFor({ timeout: 15_000 });
    expect(await hello.isVisible()).toBe(true);
    expect(await favorites.getByRole('article').locator('h3').allTextContents()).toEqual([
      'RStudio Server',
    ]);
    expect(
      await page
        .getByRole('button', { name: 'Remove RStudio Server from favorites' })
        .first()
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // No token anywhere scripts can read: storage holds the user only, the cookie is HttpOnly.
    const readable = await page.evaluate(() => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      cookies: document.cookie,
    }));
    expect(readable.local).toContain('Alice');
    for (const text of Object.values(readable)) {
      expect(text).not.toMatch(/token|eyJ[\w-]+\.[\w-]+/i);
    }
    expect(readable.cookies).not.toMatch(/portal_session|portal_signin/);
    const sessionCookie = (await context.cookies(suite.portal.url)).find(
      (cookie) => cookie.name === 'portal_session',
    );
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await done(context, watched);
  });

  it('silent sign-on: a new page of the same browser is signed in without a click', async () => {
    const { context, watched } = await newContext();
    const first = await context.newPage();
    await signIn(first, 'alice');
    await first.getByRole('button', { name: 'Hello, Alice' }).waitFor({ timeout: 15_000 });
    await first.close();
    // Keep Keycloak's session but drop the portal's, so only the silent check can sign in.
    await context.clearCookies({ name: 'portal_session' });

    const page = await context.newPage();
    const { frameRequests, navigations } = record(page);
    await page.goto(suite.portal.url);
    await page.getByRole('button', { name: 'Hello, Alice' }).waitFor({ timeout: 15_000 });
    await waitForCards(page, [...PUBLIC_APPS, ...GENOMICS_APPS]);
    expect(frameRequests[0]).toBe('/auth/silent');
    expect(frameRequests).toContain('/auth/callback');
    expect(navigations).toEqual([`${suite.portal.url}/`]);
    expect(page.url()).toBe(`${suite.portal.url}/`);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await silentFlag(page)).toBeNull();
    await done(context, watched);
  });

  it('bob does not see the genomics apps and cannot favorite one through the API', async () => {
    const { context, watched } = await newContext();
    const page = await context.newPage();
    await signIn(page, 'bob');
    await page.getByRole('button', { name: 'Hello, Bob' }).waitFor({ timeout: 15_000 });
    await waitForCards(page, [...PUBLIC_APPS, ...IMAGING_APPS]);

    // From the portal's own page, with bob's cookie (so the CSRF check passes).
    const put = (appId: string) =>
      page.evaluate(
        async (path) => (await fetch(path, { method: 'PUT' })).status,
        `/api/me/favorites/${appId}`,
      );
    expect(await put('rstudio')).toBe(404);
    expect(await put('variants')).toBe(404);
    expect(await put('omero')).toBe(200);
    await done(context, watched);
  });

  it('signing out ends the Keycloak session too, lands on the public portal, no loop', async () => {
    const { context, watched } = await newContext();
    const page = await context.newPage();
    await signIn(page, 'alice');
    const hello = page.getByRole('button', { name: 'Hello, Alice' });
    await hello.waitFor({ timeout: 15_000 });

    const { frameRequests, navigations } = record(page);
    await hello.click();
    const back = returnFromSignOut(page, suite.portal.url);
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The portal sends no id_token_hint (no token in a URL, decision 0024), so Keycloak asks
    // the user to confirm; the address never holds a token.
    await page.waitForURL((url) =>
      url.href.startsWith(`${suite.keycloak.issuer}/protocol/openid-connect/logout`),
    );
    expect(page.url()).not.toContain('id_token_hint');
    await page.getByRole('button', { name: /log ?out/i }).click();
    await back;
    await waitForCards(page, PUBLIC_APPS);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await silentFlag(page)).toBe('signed-out');
    // Settled: no more navigations, and no silent check right after an explicit sign-out.
    await page.waitForTimeout(1500);
    expect(navigations.filter((url) => new URL(url).origin === suite.portal.url)).toEqual([
      `${suite.portal.url}/auth/logout`,
      `${suite.portal.url}/`,
    ]);
    expect(frameRequests).toEqual([]);
    expect(page.url()).toBe(`${suite.portal.url}/`);

    // A new page checks silently (fresh tab storage): Keycloak no longer knows alice.
    const other = await context.newPage();
    const otherRecord = record(other);
    await other.goto(suite.portal.url);
    await silentCheckFinished(other, otherRecord.frameRequests);
    expect(await silentFlag(other)).toBe('failed');
    expect(await other.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(
      true,
    );
    expect(await axeViolations(other)).toEqual([]);
    await done(context, watched);
  });

  it('narrow screen (375 px): the menu toggles bars and close, then greets alice', async () => {
    const { context, watched } = await newContext({ width: 375 });
    const page = await context.newPage();
    await page.goto(suite.portal.url);
    await waitForCards(page, PUBLIC_APPS);
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);

    const menu = page.getByTestId('user-menu-narrow').getByRole('button').first();
    const icon = () => menu.locator('.icon').getAttribute('data-icon');
    expect(await menu.getAttribute('aria-label')).toBe('Open menu');
    expect(await icon()).toBe('bars');
    await menu.click();
    expect(await menu.getAttribute('aria-label')).toBe('Close menu');
    expect(await icon()).toBe('close');
    expect(await page.getByText('Welcome!').isVisible()).toBe(true);
    await menu.click();
    expect(await icon()).toBe('bars');
    expect(await page.getByText('Welcome!').count()).toBe(0);

    await menu.click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await signInAtKeycloak(page, urls(), 'alice');
    await waitForCards(page, [...PUBLIC_APPS, ...GENOMICS_APPS]);
    await menu.click();
    expect(await icon()).toBe('close');
    await page.getByTestId('user-menu-narrow').getByText('Hello, Alice').waitFor();
    expect(await page.getByRole('button', { name: 'Sign Out', exact: true }).isVisible()).toBe(
      true,
    );
    expect(await axeViolations(page)).toEqual([]);
    await done(context, watched);
  });

  // Last: it stops Keycloak.
  it('with Keycloak stopped, public apps render within 3 s and "Sign in" says why it fails', async () => {
    await suite.keycloak.stop();
    const { context, watched } = await newContext();
    const page = await context.newPage();
    const { frameRequests } = record(page);
    const started = Date.now();
    await page.goto(suite.portal.url);
    await waitForCards(page, PUBLIC_APPS);
    const elapsed = Date.now() - started;
    console.log(`Public apps with Keycloak stopped: ${elapsed} ms`);
    expect(elapsed).toBeLessThan(3000);
    await silentCheckFinished(page, frameRequests);
    expect(await silentFlag(page)).toBe('failed');

    const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/auth/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect((await response).status()).toBe(503);
    const alert = page.getByRole('alert');
    expect(await alert.textContent()).toBe(
      'The sign-in service is unavailable right now. Please try again in a moment.',
    );
    expect(await page.getByRole('heading', { name: 'Sign-in problem' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to the portal' }).click();
    await waitForCards(page, PUBLIC_APPS);
    await done(context, watched);
  });
});

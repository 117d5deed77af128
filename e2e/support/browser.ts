import {
  chromium,
  type Browser,
  type BrowserContext,
  type Frame,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, without anything that would reach the network by itself. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface Watched {
  /** Content-Security-Policy violations reported by the page (should stay empty). */
  cspViolations: string[];
  /** Uncaught page errors. */
  pageErrors: string[];
}

/**
 * Records CSP violations (from the console, where Chromium reports them, and from the
 * securitypolicyviolation event) and uncaught errors on every page of the context.
 */
export async function watch(context: BrowserContext): Promise<Watched> {
  const watched: Watched = { cspViolations: [], pageErrors: [] };
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    watched.cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  const attach = (page: Page) => {
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text()))
        watched.cspViolations.push(message.text());
    });
    page.on('pageerror', (error) => watched.pageErrors.push(error.message));
  };
  context.pages().forEach(attach);
  context.on('page', attach);
  return watched;
}

/**
 * A fresh browser context (its own cookies and storage; `width` sets an 800 px high viewport),
 * watched for CSP violations and page errors. The demo links point at hosts that do not exist:
 * requests to them are aborted, so the tests never leave the machine.
 */
export async function newWatchedContext(
  browser: Browser,
  options: { width?: number; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; watched: Watched }> {
  const context = await browser.newContext({
    ...(options.width ? { viewport: { width: options.width, height: 800 } } : {}),
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
  });
  await context.route(
    (url) => url.hostname.endsWith('.example.edu'),
    (route) => route.abort(),
  );
  return { context, watched: await watch(context) };
}

/**
 * Waits until `locator` shows, moving the clock of its context on by `stepMs` at every second of
 * real time: what the page does on a timer (the access refresh's 30 s rounds) comes without the
 * test waiting for it. The context's clock must be installed (`context.clock.install()`) before
 * its pages load; time also flows as usual.
 */
export async function showsAsTimePasses(
  context: BrowserContext,
  locator: Locator,
  { stepMs = 31_000, timeoutMs = 120_000 }: { stepMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await locator.waitFor({ timeout: 1000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await context.clock.fastForward(stepMs);
  }
}

/** Nothing went wrong on any page of the context; then it is closed. */
export async function expectCleanAndClose(context: BrowserContext, watched: Watched) {
  expect(watched.cspViolations).toEqual([]);
  expect(watched.pageErrors).toEqual([]);
  await context.close();
}

/** The names on the cards of the category sections (Favorites left out), sorted. */
export async function catalogNames(page: Page): Promise<string[]> {
  const names = await page
    .getByRole('region')
    .filter({ hasNot: page.getByRole('heading', { name: 'Favorites', exact: true }) })
    .getByRole('article')
    .locator('h3')
    .allTextContents();
  return names.sort();
}

/**
 * Waits until the home page's app runs (hydration done): the controls that only work with
 * JavaScript (search box, menus, favorites) are disabled in the server's HTML until then, and a
 * key press before that would be lost (clicks wait for enabled controls by themselves).
 */
export async function waitUntilInteractive(page: Page): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search apps' });
  await expect.poll(() => search.isEnabled(), { timeout: 20_000 }).toBe(true);
}

/**
 * Resolves once the page has gone out to sign out (a navigation request of the main frame: the
 * form's POST to /auth/logout, then the identity provider's end-session endpoint, with or
 * without a page of its own) and a new document of the portal's home page has come back. Start
 * it before the click that signs out: the store shows "Sign in" before the browser leaves, so
 * waiting for that button (or for the URL, already the home page) would pass while the sign-out
 * is still on its way.
 */
export function returnFromSignOut(
  page: Page,
  portalUrl: string,
  timeoutMs = 20_000,
): Promise<void> {
  const home = `${portalUrl}/`;
  let left = false;
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) left = true;
  };
  page.on('request', onRequest);
  return page
    .waitForEvent('framenavigated', {
      predicate: (frame: Frame) => left && frame === page.mainFrame() && frame.url() === home,
      timeout: timeoutMs,
    })
    .then(
      () => undefined,
      (error: Error) => {
        throw new Error(
          left
            ? `The page did not come back to ${home} from the sign-out.`
            : 'The page did not leave to sign out.',
          { cause: error },
        );
      },
    )
    .finally(() => page.off('request', onRequest));
}

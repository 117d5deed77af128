import { describe, expect, it } from 'vitest';
import { expectCleanAndClose, newWatchedContext, returnFromSignOut } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

// `npm start` defaults: no OIDC_ISSUER, so the server runs the embedded demo identity provider
// (at /dev-idp) and loads the demo catalog.
const suite = usePortalAndBrowser();

describe('sign-in with the embedded demo identity provider', () => {
  it('signs alice in on the demo login page and out again', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    // Every step fails on its own, naming what it waited for, well within the test's time-out.
    page.setDefaultTimeout(20_000);
    await page.goto(suite.portal.url);
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    await signIn.waitFor({ timeout: 10_000 });
    await expect
      .poll(() => page.getByRole('article').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const publicCount = await page.getByRole('article').count();

    await signIn.click();
    await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${suite.portal.url}/`, { timeout: 15_000 });

    const hello = page.getByRole('button', { name: 'Hello, Alice' });
    await hello.waitFor({ timeout: 10_000 });
    expect(await hello.getByTestId('user-avatar').textContent()).toBe('A');
    await page.getByRole('heading', { name: 'RStudio Server' }).waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThan(publicCount);

    await hello.click();
    const back = returnFromSignOut(page, suite.portal.url);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await back;
    await signIn.waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { name: 'RStudio Server' }).count()).toBe(0);
    // The server's session is gone too, not only the page's state.
    expect((await context.request.get(`${suite.portal.url}/api/me`)).status()).toBe(401);

    await expectCleanAndClose(context, watched);
  });
});

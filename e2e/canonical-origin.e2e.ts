import { describe, expect, it } from 'vitest';
import { expectCleanAndClose, newWatchedContext } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

// As `npm start`: PUBLIC_URL names localhost, and a person opens http://127.0.0.1:PORT/.
const suite = usePortalAndBrowser((port) => ({ PUBLIC_URL: `http://localhost:${port}` }));

describe('one origin for people', () => {
  it('moves a visitor of 127.0.0.1 to PUBLIC_URL, where signing in works', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const publicUrl = suite.portal.url.replace('127.0.0.1', 'localhost');
    // suite.portal.url is http://127.0.0.1:PORT: the address people type out of habit.
    await page.goto(`${suite.portal.url}/?q=galaxy`);
    expect(page.url()).toBe(`${publicUrl}/?q=galaxy`);

    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    await signIn.waitFor();
    await expect.poll(() => signIn.isEnabled()).toBe(true);
    await signIn.click();
    await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === publicUrl && url.pathname === '/');
    // Signed in: no "This sign-in was started in another browser".
    await page.getByRole('button', { name: 'Hello, Alice' }).waitFor();

    // A sign-in link opened on 127.0.0.1 (a bookmark) starts on PUBLIC_URL too.
    const start = await context.request.get(`${suite.portal.url}/auth/login?returnTo=%2Fadmin`, {
      maxRedirects: 0,
    });
    expect(start.status()).toBe(302);
    expect(start.headers().location).toBe(`${publicUrl}/auth/login?returnTo=%2Fadmin`);
    // The API answers on either name.
    expect((await context.request.get(`${suite.portal.url}/api/apps`)).status()).toBe(200);

    await expectCleanAndClose(context, watched);
  });
});

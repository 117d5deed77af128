import type { Page } from 'playwright-core';

/**
 * On Keycloak's own login page (its form ids), as a person would: fills the test realm's user
 * (password = username), submits, and waits until the browser is back on the portal outside
 * `/auth/`. If it never gets there, the error names the page it stopped on and its text.
 */
export async function signInAtKeycloak(
  page: Page,
  urls: { keycloak: string; portal: string },
  username: string,
  { returnTimeoutMs = 30_000 }: { returnTimeoutMs?: number } = {},
): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(urls.keycloak), { timeout: 30_000 });
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(username);
  await page.locator('#kc-login').click();
  try {
    await page.waitForURL(
      (url) => url.origin === urls.portal && !url.pathname.startsWith('/auth/'),
      { timeout: returnTimeoutMs },
    );
  } catch (error) {
    const text = await page.locator('body').innerText();
    throw new Error(`sign-in stopped at ${page.url()}: ${text.slice(0, 300)}`, { cause: error });
  }
}

/**
 * From the portal's home page through "Sign in" and Keycloak's form back to the portal, until
 * the header greets the user (`Hello, <greeting>`).
 */
export async function signInThroughPortal(
  page: Page,
  urls: { keycloak: string; portal: string },
  username: string,
  greeting: string,
): Promise<void> {
  await page.goto(urls.portal);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await signInAtKeycloak(page, urls, username);
  await page.getByRole('button', { name: `Hello, ${greeting}` }).waitFor({ timeout: 15_000 });
}

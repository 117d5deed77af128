import type { Page } from 'playwright-core';

/**
 * On the portal's page: "Sign in", then the embedded demo identity provider's form (password =
 * username, e.g. admin/admin), until the browser is back on the portal's home page.
 */
export async function signInAtDemoIdp(page: Page, portalUrl: string, user: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(user);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${portalUrl}/`, { timeout: 15_000 });
}

/**
 * Straight to the sign-in (`/auth/login`), then the demo identity provider's form, until the
 * browser is back on the portal's home page.
 */
export async function signInDirectly(page: Page, portalUrl: string, user: string): Promise<void> {
  await page.goto(`${portalUrl}/auth/login`);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(user);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${portalUrl}/`);
}

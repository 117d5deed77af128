import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { expectCleanAndClose, watch } from './support/browser.js';
import { signInDirectly } from './support/demo-login.js';
import { napariCatalog } from './support/napari-catalog.js';
import { usePortalAndBrowser } from './support/suite.js';

// The screens of the shared account gate and the shared modal dialog, at 375 px in both themes
// (each chosen against the system's), with the embedded demo identity provider: alice
// (genomics) sees Napari locked and may ask for it; admin/admin is an admin.

const CATALOG = napariCatalog();
const catalogDir = mkdtempSync(join(tmpdir(), 'portal-e2e-narrow-'));
writeFileSync(join(catalogDir, 'catalog.yaml'), CATALOG);
afterAll(() => rmSync(catalogDir, { recursive: true, force: true }));

const suite = usePortalAndBrowser({ CATALOG_FILE: join(catalogDir, 'catalog.yaml') });
const THEMES = ['light', 'dark'] as const;

async function narrowContext(browser: Browser, theme: 'light' | 'dark') {
  const context = await browser.newContext({
    colorScheme: theme === 'dark' ? 'light' : 'dark',
    viewport: { width: 375, height: 800 },
  });
  await context.route(
    (url) => url.hostname.endsWith('.example.edu'),
    (route) => route.abort(),
  );
  await context.addCookies([{ name: 'theme', value: theme, url: suite.portal.url }]);
  return { context, watched: await watch(context) };
}

const signIn = (page: Page, username: string) => signInDirectly(page, suite.portal.url, username);

describe('touched screens at 375 px, axe-clean in both themes', () => {
  it('the account gate asks visitors to sign in at /admin and /requests', async () => {
    for (const theme of THEMES) {
      const { context, watched } = await narrowContext(suite.browser, theme);
      const page = await context.newPage();
      for (const [path, title, text] of [
        ['/admin', 'Admin console', 'Sign in with an admin account to manage the portal.'],
        ['/requests', 'Access requests', /Sign in to decide the access requests/],
      ] as const) {
        await page.goto(`${suite.portal.url}${path}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByText(text).waitFor();
        expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
        expect(await axeViolations(page), `${theme} ${path}`).toEqual([]);
      }
      await expectCleanAndClose(context, watched);
    }
  });

  it('says "Not allowed" at /admin and opens the request dialog for a non-admin', async () => {
    for (const theme of THEMES) {
      const { context, watched } = await narrowContext(suite.browser, theme);
      const page = await context.newPage();
      await signIn(page, 'alice');
      const ask = page.getByRole('button', { name: 'Request access: Napari' });
      await ask.click();
      const dialog = page.getByRole('dialog', { name: 'Request access to Napari' });
      await dialog.waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.tagName))
        .toBe('TEXTAREA');
      expect(await axeViolations(page), `${theme} request dialog`).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => ask.evaluate((button) => button === document.activeElement))
        .toBe(true);

      await page.goto(`${suite.portal.url}/admin`);
      await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
      expect(await axeViolations(page), `${theme} not allowed`).toEqual([]);
      await expectCleanAndClose(context, watched);
    }
  });

  it('asks an admin to confirm a delete in the shared dialog', async () => {
    for (const theme of THEMES) {
      const { context, watched } = await narrowContext(suite.browser, theme);
      const page = await context.newPage();
      await signIn(page, 'admin');
      await page.goto(`${suite.portal.url}/admin`);
      const remove = page.getByRole('button', { name: 'Delete Galaxy' });
      await remove.click({ timeout: 30_000 });
      const dialog = page.getByRole('alertdialog', { name: 'Delete Galaxy?' });
      await dialog.waitFor();
      expect(
        await dialog
          .getByRole('button', { name: 'Cancel' })
          .evaluate((b) => b === document.activeElement),
      ).toBe(true);
      expect(await axeViolations(page), `${theme} confirm dialog`).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expectCleanAndClose(context, watched);
    }
  });
});

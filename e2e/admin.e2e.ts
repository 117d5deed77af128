import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keycloakAvailability } from '../scripts/keycloak/keycloak.mjs';
import { axeViolations } from './support/axe.js';
import { expectCleanAndClose, newWatchedContext } from './support/browser.js';
import { signInAtKeycloak } from './support/keycloak-login.js';
import { useKeycloakPortalAndBrowser } from './support/suite.js';

// The admin console in Chromium against the built server and a real Keycloak: `admin` has the
// realm role portal-admin, `alice` does not (keycloak/realm-app-portal.json).

const availability = keycloakAvailability();
if (!availability.ok)
  console.warn(`Skipping the admin console browser tests: ${availability.reason}.`);

const CATALOG = `apps:
  - { id: galaxy, name: Galaxy, link: https://galaxy.example.edu/, category: apps, isPublic: true }
  - { id: omero, name: OMERO, link: https://omero.example.edu/, category: Data, associatedGroups: [imaging] }
`;
/** A 1x1 PNG: the server checks logos by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const NEW_APP = 'Lab Notebook';

describe.skipIf(!availability.ok)('the admin console against a real Keycloak', () => {
  const suite = useKeycloakPortalAndBrowser(CATALOG);

  const newContext = (options: { width?: number } = {}) =>
    newWatchedContext(suite.browser, options);
  const done = expectCleanAndClose;

  /** The names on the home page's cards, sorted. */
  async function cardNames(page: Page): Promise<string[]> {
    const names = await page.getByRole('article').locator('h3').allTextContents();
    return names.sort();
  }

  async function signIn(page: Page, username: string) {
    await page.goto(suite.portal.url);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signInAtKeycloak(
      page,
      { keycloak: suite.keycloak.url, portal: suite.portal.url },
      username,
      // Generous: two cores shared with other test runs can make Keycloak slow to answer.
      { returnTimeoutMs: 60_000 },
    );
    const given = username[0]!.toUpperCase() + username.slice(1);
    await page.getByText(`Hello, ${given}`).first().waitFor({ timeout: 15_000 });
  }

  it('admin creates an app with a logo, others see it at once; edit, view as imaging, delete, restore', async () => {
    const { context, watched } = await newContext();
    const page = await context.newPage();
    await signIn(page, 'admin');

    await page.getByTestId('user-menu-wide').getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin console' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.getByRole('rowheader', { name: /Galaxy/ }).waitFor({ timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);

    // Create, with a logo chosen through the file input (the keyboard way).
    await page.getByRole('button', { name: 'New app' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NEW_APP);
    await page.getByRole('textbox', { name: 'Link', exact: true }).fill('ftp://nowhere');
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.getByText('Link must be an http(s) URL (got "ftp://nowhere")').waitFor();
    await page
      .getByRole('textbox', { name: 'Link', exact: true })
      .fill('https://notebook.example.edu/');
    await page.getByRole('textbox', { name: 'Description' }).fill('Shared lab notebooks.');
    await page.getByRole('checkbox', { name: /Public/ }).check();
    await page
      .getByLabel('Logo file')
      .setInputFiles({ name: 'notebook.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.getByRole('region', { name: 'Card preview' });
    await preview.getByRole('img', { name: `${NEW_APP} logo` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create app' }).click();
    await page.getByText(`Created ${NEW_APP}.`).waitFor({ timeout: 15_000 });
    await page.getByRole('rowheader', { name: new RegExp(NEW_APP) }).waitFor();

    // Another browser (anonymous) sees it on the home page, logo included: no restart.
    const other = await newContext();
    const visitor = await other.context.newPage();
    await visitor.goto(suite.portal.url);
    await expect.poll(() => cardNames(visitor), { timeout: 15_000 }).toEqual(['Galaxy', NEW_APP]);
    const logo = visitor.getByRole('article', { name: NEW_APP }).getByRole('img', {
      name: `${NEW_APP} logo`,
    });
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);

    // Edit: only members of imaging now.
    await page.getByRole('button', { name: `Edit ${NEW_APP}` }).click();
    await page.getByRole('textbox', { name: 'Description' }).fill('Notebooks of the imaging team.');
    await page.getByRole('checkbox', { name: /Public/ }).uncheck();
    await page.getByRole('textbox', { name: 'Groups' }).fill('imaging');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Saved ${NEW_APP}.`).waitFor({ timeout: 15_000 });

    await visitor.reload();
    await expect.poll(() => cardNames(visitor), { timeout: 15_000 }).toEqual(['Galaxy']);

    // View as imaging: the home page that viewer gets, marked as a preview.
    await page.getByRole('tab', { name: 'View as…' }).click();
    await page.getByRole('textbox', { name: 'Groups' }).fill('imaging');
    await page.getByRole('button', { name: 'Show preview' }).click();
    const asImaging = page.getByRole('region', {
      name: 'Preview of the home page for a signed-in member of imaging',
    });
    await asImaging.waitFor({ timeout: 15_000 });
    expect(await asImaging.getByText('Preview', { exact: true }).isVisible()).toBe(true);
    expect((await asImaging.getByRole('article').locator('h3').allTextContents()).sort()).toEqual(
      ['Galaxy', NEW_APP, 'OMERO'].sort(),
    );
    expect(await asImaging.getByText('Notebooks of the imaging team.').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Delete (asked first), then restore from the trash.
    await page.getByRole('tab', { name: 'Apps' }).click();
    await page.getByRole('button', { name: `Delete ${NEW_APP}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete ${NEW_APP}?` });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(new RegExp(`Deleted ${NEW_APP}`)).waitFor({ timeout: 15_000 });
    await page.getByRole('rowheader', { name: new RegExp(NEW_APP) }).waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Trash' }).click();
    await page.getByRole('button', { name: `Restore ${NEW_APP}` }).click();
    await page.getByText(`Restored ${NEW_APP}.`).waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Apps' }).click();
    await page.getByRole('rowheader', { name: new RegExp(NEW_APP) }).waitFor();

    // Every step is in the audit log, newest first.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const entries = page.getByRole('list', { name: 'Audit entries, newest first' });
    await entries.waitFor({ timeout: 15_000 });
    const first = entries.getByRole('listitem').first();
    expect(await first.textContent()).toMatch(/^Restored lab-notebook by admin/);
    expect(await axeViolations(page)).toEqual([]);

    await done(other.context, other.watched);
    await done(context, watched);
  }, 180_000);

  it('on a 375 px screen the Admin link is in the menu and the console fits', async () => {
    const { context, watched } = await newContext({ width: 375 });
    const page = await context.newPage();
    await page.goto(suite.portal.url);
    const menu = page.getByTestId('user-menu-narrow');
    await menu.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(suite.keycloak.url), { timeout: 30_000 });
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('admin');
    await page.locator('#kc-login').click();
    await page.waitForURL(
      (url) => url.origin === suite.portal.url && !url.pathname.startsWith('/auth/'),
      { timeout: 60_000 },
    );

    await menu.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('rowheader', { name: /Galaxy/ }).waitFor({ timeout: 15_000 });
    const overflows = () =>
      page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await overflows()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New app' }).click();
    expect(await overflows()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await done(context, watched);
  }, 120_000);

  it('alice sees no Admin link, gets 403 from the admin API and a clear page at /admin', async () => {
    const { context, watched } = await newContext();
    const page = await context.newPage();
    await signIn(page, 'alice');
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/admin/apps')).status);
    expect(status).toBe(403);

    await page.goto(`${suite.portal.url}/admin`);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await done(context, watched);
  }, 120_000);
});

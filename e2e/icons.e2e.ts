import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { expectCleanAndClose, newWatchedContext, waitUntilInteractive } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';
import { signInAtDemoIdp } from './support/demo-login.js';

// The offline icon set (docs/admin.md, "Icons"): the demo admin searches it in the logo picker,
// picks an icon for an app without a logo, and every visitor's card shows it. Every request the
// pages make is recorded: all of them go to the portal itself, never to a third-party host.
const suite = usePortalAndBrowser();

const APP = 'Help Desk';

describe('the offline icon set', () => {
  it('admin picks an icon; the card shows it; no page asks another host for anything', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const requests: string[] = [];
    context.on('request', (request: Request) => requests.push(request.url()));
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);

    // Anonymous: the app has no logo, so its card keeps the placeholder (its first letter).
    await page.goto(suite.portal.url);
    const card = page.getByRole('article', { name: APP });
    await card.waitFor();
    expect(await card.getByTestId('app-logo-placeholder').textContent()).toBe('H');

    // Sign in as the demo admin and open the app in the console.
    await waitUntilInteractive(page);
    await signInAtDemoIdp(page, suite.portal.url, 'admin');
    await page.goto(`${suite.portal.url}/admin`);
    await page.getByRole('button', { name: `Edit ${APP}` }).click();

    await page.getByRole('heading', { name: `Edit ${APP}` }).waitFor();
    // Search the set with the keyboard and pick the first match.
    await page.getByRole('button', { name: 'Pick from the icon set' }).click();
    const search = page.getByRole('searchbox', { name: 'Search icons' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.fill('jupyter');
    const icons = page.getByRole('list', { name: 'Icons' });
    const jupyter = icons.getByRole('button', { name: 'Jupyter', exact: true });
    await jupyter.waitFor();
    await expect.poll(() => icons.getByRole('button').first().textContent()).toBe('Jupyter');
    // The preview is an image the portal serves, loaded.
    await expect
      .poll(() =>
        jupyter
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(32);
    // At the top of the page: scrolled down, the sticky header covers part of the form's small
    // Public checkbox, which axe's target-size rule counts against it (not the picker's doing).
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
    await search.press('ArrowDown');
    await expect.poll(() => jupyter.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => jupyter.getAttribute('aria-pressed')).toBe('true');
    const preview = page.getByRole('region', { name: 'Card preview' });
    await preview.getByRole('img', { name: `${APP} logo` }).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Saved ${APP}.`).waitFor();

    // Another browser, anonymous: the card shows the icon, served by the portal as a logo.
    const other = await newWatchedContext(suite.browser);
    const otherRequests: string[] = [];
    other.context.on('request', (request: Request) => otherRequests.push(request.url()));
    const visitor = await other.context.newPage();
    await visitor.goto(suite.portal.url);
    const logo = visitor.getByRole('article', { name: APP }).getByRole('img', {
      name: `${APP} logo`,
    });
    await logo.waitFor({ timeout: 20_000 });
    expect(new URL((await logo.getAttribute('src'))!, suite.portal.url).pathname).toMatch(
      /^\/api\/files\/.+\.svg$/,
    );
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(32);

    const origin = new URL(suite.portal.url).origin;
    const elsewhere = [...requests, ...otherRequests].filter(
      (url) => !url.startsWith('data:') && new URL(url).origin !== origin,
    );
    expect(requests.some((url) => url.includes('/api/admin/icons/jupyter.svg'))).toBe(true);
    expect(elsewhere).toEqual([]);
    await expectCleanAndClose(other.context, other.watched);
    await expectCleanAndClose(context, watched);
  });
});

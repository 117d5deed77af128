import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { watch } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

const suite = usePortalAndBrowser();

describe('the home page with the demo catalog', () => {
  it('shows the public apps by category, with header and footer, accessibly', async () => {
    const context = await suite.browser.newContext();
    const watched = await watch(context);
    const page = await context.newPage();
    await page.goto(suite.portal.url);

    await expect
      .poll(() => page.getByRole('article').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const publicApps = (await (await fetch(`${suite.portal.url}/api/apps?perPage=500`)).json()) as {
      items: { name: string }[];
    };
    const names = await page.getByRole('article').locator('h3').allTextContents();
    expect(names.sort()).toEqual(publicApps.items.map((app) => app.name).sort());
    expect(await page.getByRole('heading', { level: 2, name: 'Applications' }).count()).toBe(1);
    expect(await page.getByText('MMGE App Portal').count()).toBeGreaterThan(0);
    expect(await page.getByText('© 2023 Indiana University').count()).toBe(1);
    expect(await page.getByRole('button', { name: /add .* to favorites/i }).count()).toBe(0);

    expect(await axeViolations(page)).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
    expect(watched.cspViolations).toEqual([]);
    await context.close();
  });

  it('answers unknown paths with a 404 page that links home, and keeps API 404s as JSON', async () => {
    const context = await suite.browser.newContext();
    const watched = await watch(context);
    const page = await context.newPage();
    const response = await page.goto(`${suite.portal.url}/some/deep/link`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Page not found' }).count())
      .toBe(1);
    expect(await page.title()).toMatch(/^Page not found · /);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the portal’s home page' }).click();
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/');
    // The console's path stays a page on reload.
    expect((await page.goto(`${suite.portal.url}/admin`))?.status()).toBe(200);
    expect(watched.pageErrors).toEqual([]);
    const api = await fetch(`${suite.portal.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({
      status: 404,
      code: 'not_found',
      message: "The requested resource wasn't found.",
      data: {},
    });
    await context.close();
  });
});

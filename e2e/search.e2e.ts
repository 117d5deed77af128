import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { waitUntilInteractive, watch } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

const suite = usePortalAndBrowser();

describe('search and quick launch', () => {
  it('opens a misspelt app in a new tab with the keyboard alone', async () => {
    const context = await suite.browser.newContext();
    const watched = await watch(context);
    // The demo links point at hosts that do not exist: record the request and stop it there.
    const opened: string[] = [];
    await context.route(
      (url) => url.hostname.endsWith('.example.edu'),
      async (route) => {
        opened.push(route.request().url());
        await route.abort();
      },
    );
    const page = await context.newPage();
    await page.goto(suite.portal.url);
    await expect
      .poll(() => page.getByRole('article').count(), { timeout: 10_000 })
      .toBeGreaterThan(1);
    // The shortcut is the app's: pressed before hydration it would be lost.
    await waitUntilInteractive(page);

    await page.keyboard.press('/');
    expect(
      await page
        .getByRole('searchbox', { name: 'Search apps' })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await page.keyboard.type('galxy');

    const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
    await expect.poll(() => options.first().textContent()).toMatch(/^Galaxy,/);
    const cards = await page.getByRole('article').locator('h3').allTextContents();
    expect(cards).toContain('Galaxy');
    expect(cards.length).toBeLessThan(5);
    expect(await page.locator('main h3 mark').first().textContent()).toBeTruthy();
    expect(new URL(page.url()).searchParams.get('q')).toBe('galxy');
    // The open results, with colour contrast checked (jsdom cannot).
    expect(await axeViolations(page)).toEqual([]);

    const newTab = context.waitForEvent('page');
    await page.keyboard.press('Enter');
    const tab = await newTab;
    await expect.poll(() => opened).toEqual(['https://galaxy.mmge.example.edu/']);
    expect(tab).not.toBe(page);
    expect(page.url()).toBe(`${suite.portal.url}/?q=galxy`);

    expect(watched.pageErrors).toEqual([]);
    expect(watched.cspViolations).toEqual([]);
    await context.close();
  });
});

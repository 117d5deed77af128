import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectCleanAndClose, newWatchedContext } from './support/browser.js';
import { signInDirectly } from './support/demo-login.js';
import { usePortalAndBrowser } from './support/suite.js';

// `npm start` defaults: the demo catalog and the embedded demo identity provider.
const suite = usePortalAndBrowser();

describe('a click before the app runs is not lost (decision 0056)', () => {
  it('holds a click on a favourite heart made before the app loaded, then applies it', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    await signInDirectly(page, suite.portal.url, 'alice');
    const heart = page.getByRole('button', { name: 'Add RStudio Server to favorites' });
    await heart.waitFor();
    // Hold the app's modules (everything but the page's first script) until the click is made:
    // the page is painted and shows the heart, but nothing of the app runs yet.
    const held: Route[] = [];
    let holding = true;
    await context.route(
      (url) => /\/assets\/(main|app)-[\w-]+\.js$/.test(url.pathname),
      (route) => (holding ? void held.push(route) : route.continue()),
    );
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => performance.getEntriesByName('portal:hydrated').length)).toBe(
      0,
    );
    await heart.click();
    // Nothing happened yet: the click waits for the app.
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    // Once the card has hydrated, the click takes effect: the heart is filled, the server has it.
    const remove = page.getByRole('button', { name: 'Remove RStudio Server from favorites' });
    await remove.first().waitFor({ timeout: 30_000 });
    await expect.poll(() => remove.first().getAttribute('aria-pressed')).toBe('true');
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(JSON.stringify(me)).toContain('rstudio');
    // Clicked once, applied once: taking it off again is one click too.
    await page.waitForFunction(() => performance.getEntriesByName('portal:hydrated').length > 0);
    await remove.first().click();
    await page.getByRole('button', { name: 'Add RStudio Server to favorites' }).first().waitFor();
    await expectCleanAndClose(context, watched);
  });
});

import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { newWatchedContext, showsAsTimePasses } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';
import { signInAtDemoIdp } from './support/demo-login.js';

// The portal's branding end to end with the embedded demo IdP: an admin changes the title and
// the accent colour in the console's Branding tab, and a visitor's open page (another browser
// context) shows them without reloading; the next visitor's server-rendered page has them.
const suite = usePortalAndBrowser();

const newContext = () => newWatchedContext(suite.browser);

describe('branding', () => {
  it('an admin changes title and accent; an open page elsewhere shows them without a reload', async () => {
    const visitor = await newContext();
    // The open page checks the branding on a 30 s timer: the test moves its clock on.
    await visitor.context.clock.install();
    const home = await visitor.context.newPage();
    await home.goto(suite.portal.url);
    await home.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 10_000 });
    const header = home.getByRole('banner');
    await header.getByText('App Portal', { exact: true }).waitFor();
    // Marks the page: a reload would lose it.
    await home.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const admin = await newContext();
    const page = await admin.context.newPage();
    await page.goto(suite.portal.url);
    await signInAtDemoIdp(page, suite.portal.url, 'admin');
    await page.goto(`${suite.portal.url}/admin`);
    await page.getByRole('tab', { name: 'Branding' }).click();
    const title = page.getByLabel('Title', { exact: true });
    await title.waitFor();
    expect(await title.inputValue()).toBe('App Portal');

    // A bad value is named under its field and nothing is sent.
    await page.getByLabel('Footer link').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save the branding' }).click();
    await page.getByText('must be an http(s) address, or empty for no link').waitFor();
    await page.getByLabel('Footer link').fill('');

    await title.fill('Genomics Apps');
    await page.getByLabel('Accent colour', { exact: true }).fill('#1d4ed8');
    // The preview says what the dark theme uses instead.
    await page.getByText(/^In the dark theme #1d4ed8 has a contrast of/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save the branding' }).click();
    await page.getByText('Saved the branding').waitFor();

    // The open page picks it up on its next branding check (every 30 s), without a reload.
    await showsAsTimePasses(visitor.context, header.getByText('Genomics Apps', { exact: true }), {
      timeoutMs: 40_000,
    });
    expect(await home.title()).toBe('Genomics Apps');
    const primary = await home.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
    expect(primary).toBe('#1d4ed8');
    expect(
      await home.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);

    // The next visitor's page comes from the server with it, accent included.
    const next = await visitor.context.newPage();
    const response = await next.goto(suite.portal.url);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<title>Genomics Apps</title>');
    expect(html).toContain('<style id="portal-accent">');
    expect(await axeViolations(next)).toEqual([]);

    for (const { context, watched } of [visitor, admin]) {
      expect(watched.cspViolations).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      await context.close();
    }
  }, 120_000);
});

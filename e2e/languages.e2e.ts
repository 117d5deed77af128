import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { expectCleanAndClose, watch } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

// `npm start` defaults: the demo catalog and the embedded demo identity provider.
const suite = usePortalAndBrowser();

/**
 * A fresh context whose browser asks for `acceptLanguage` (its `Accept-Language` header and
 * `navigator.language`), watched for CSP violations and page errors; the demo links' hosts do
 * not exist, so requests to them are aborted.
 */
async function languageContext(
  browser: Browser,
  acceptLanguage: string,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({
    locale: acceptLanguage,
    extraHTTPHeaders: { 'Accept-Language': acceptLanguage },
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  await context.route(
    (url) => url.hostname.endsWith('.example.edu'),
    (route) => route.abort(),
  );
  return { context, watched: await watch(context) };
}

/** The language form of the header on wide screens (the narrow menu has its own). */
const wideLanguageForm = (page: Page) =>
  page.getByTestId('user-menu-wide').locator('form[action="/language"]');

describe('languages', () => {
  it('answers Accept-Language: de in German from the first byte, without JavaScript', async () => {
    const { context } = await languageContext(suite.browser, 'de', { javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(suite.portal.url);
    expect(await response?.text()).toMatch(/^<!doctype html>\s*<html lang="de" dir="ltr"/i);
    expect(await page.getByRole('searchbox', { name: 'Anwendungen durchsuchen' }).count()).toBe(1);
    // Without JavaScript the sign-in is a plain link, in German too.
    await expect
      .poll(() => page.getByRole('link', { name: 'Anmelden' }).first().isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: /^.+ öffnen$/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /^Open / }).count()).toBe(0);
    await context.close();
  });

  it('switches to the language chosen in the menu, and keeps it over the browser’s', async () => {
    // The browser asks for German; the visitor chooses French, then Spanish.
    const { context, watched } = await languageContext(suite.browser, 'de-DE');
    const page = await context.newPage();
    await page.goto(`${suite.portal.url}/?q=galaxy`);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    const german = page.getByRole('searchbox', { name: 'Anwendungen durchsuchen' });
    await expect.poll(() => german.isEnabled(), { timeout: 20_000 }).toBe(true);

    for (const [language, search] of [
      ['fr', 'Rechercher des applications'],
      ['es', 'Buscar aplicaciones'],
    ] as const) {
      const form = wideLanguageForm(page);
      // Picked from the list, the choice applies at once: the form posts, the server keeps it
      // and sends the browser back to the page. ("Apply" is for browsers without scripts.)
      expect(await form.getByRole('button').isVisible()).toBe(false);
      // The select applies the choice once the header has hydrated (its turn comes after the
      // first paint): wait for it, as for the search box above.
      await page.waitForFunction(() => performance.getEntriesByName('portal:hydrated').length > 0);
      await form.getByRole('combobox').selectOption(language);
      await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
      // Back where the visitor was (the search kept), in the new language.
      expect(page.url()).toBe(`${suite.portal.url}/?q=galaxy`);
      await page.getByRole('searchbox', { name: search }).waitFor();
      expect(await wideLanguageForm(page).getByRole('combobox').inputValue()).toBe(language);

      // A reload keeps it, though the browser still asks for German.
      const reloaded = await page.reload();
      expect(await reloaded?.text()).toMatch(
        new RegExp(`^<!doctype html>\\s*<html lang="${language}"`, 'i'),
      );
      await page.getByRole('searchbox', { name: search }).waitFor();
    }
    const cookie = (await context.cookies(suite.portal.url)).find((c) => c.name === 'lang');
    expect(cookie).toMatchObject({ value: 'es', sameSite: 'Lax' });
    await expectCleanAndClose(context, watched);
  });

  it('mirrors the Arabic page: dir="rtl", axe-clean, cards and icons laid out right to left', async () => {
    const { context, watched } = await languageContext(suite.browser, 'ar');
    const page = await context.newPage();
    await page.goto(suite.portal.url);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    await page.getByRole('searchbox', { name: 'البحث في التطبيقات' }).waitFor();
    await expect.poll(() => page.getByRole('searchbox').isEnabled()).toBe(true);

    // A card: its logo is at the right of its title, its actions at the left.
    const card = page.getByRole('article').first();
    const logo = card.locator('img, [data-testid="app-logo-placeholder"]').first();
    const title = card.locator('h3');
    const [cardBox, logoBox, titleBox] = await Promise.all([
      card.boundingBox(),
      logo.boundingBox(),
      title.boundingBox(),
    ]);
    if (!cardBox || !logoBox || !titleBox) throw new Error('the card is not laid out');
    expect(logoBox.x).toBeGreaterThanOrEqual(titleBox.x + titleBox.width - 1);
    expect(logoBox.x + logoBox.width).toBeGreaterThan(cardBox.x + cardBox.width - 40);

    // The first card of a row is at the right, the next one to its left.
    const section = page.getByRole('region').filter({ has: page.getByRole('article').nth(1) });
    const [first, second] = await Promise.all([
      section.first().getByRole('article').nth(0).boundingBox(),
      section.first().getByRole('article').nth(1).boundingBox(),
    ]);
    if (!first || !second) throw new Error('the cards are not laid out');
    expect(Math.abs(first.y - second.y)).toBeLessThan(1);
    expect(first.x).toBeGreaterThan(second.x + second.width - 1);

    // Icons that point a direction flip; the others do not.
    const transform = (selector: string, pseudo?: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((icon, pseudo) => getComputedStyle(icon, pseudo).scale, pseudo);
    // The card's "Open" link draws its icon itself, in its `::after` (styles.css `.app-open`).
    expect(await transform('.app-open', '::after')).toMatch(/^-1/);
    expect(await transform('.lucide-search')).not.toMatch(/^-1/);

    expect(await axeViolations(page), 'Arabic page').toEqual([]);
    await expectCleanAndClose(context, watched);
  });

  it('lets browsers without JavaScript choose with the form, wide and narrow', async () => {
    for (const width of [1280, 375]) {
      const { context } = await languageContext(suite.browser, 'en-GB', {
        javaScriptEnabled: false,
        viewport: { width, height: 800 },
      });
      const page = await context.newPage();
      await page.goto(`${suite.portal.url}/?q=galaxy`);
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      let form = wideLanguageForm(page);
      if (width < 768) {
        // The narrow menu cannot open without JavaScript: a disclosure holds the form.
        const summary = page.locator('summary', { has: page.locator('.lucide-languages') });
        await summary.click();
        form = page.locator('details[open] form[action="/language"]');
      }
      await form.getByRole('combobox', { name: 'Language' }).selectOption('de');
      await form.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(`${suite.portal.url}/?q=galaxy`);
      await page.locator('html[lang="de"]').waitFor({ state: 'attached' });
      expect(await page.getByRole('searchbox', { name: 'Anwendungen durchsuchen' }).count()).toBe(
        1,
      );
      if (width < 768) {
        expect(await axeViolations(page, { scriptsOff: true }), 'narrow, no JS').toEqual([]);
      }
      await context.close();
    }
  });
});

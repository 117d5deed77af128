import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { watch } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

// `npm start` defaults: the demo catalog and the embedded demo identity provider.
const suite = usePortalAndBrowser();

/** The colour scheme the page shows (daisyUI's themes set `color-scheme`). */
const scheme = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);

async function themedContext(
  browser: Browser,
  options: { theme?: string; colorScheme: 'light' | 'dark'; width?: number; js?: boolean },
) {
  const context = await browser.newContext({
    colorScheme: options.colorScheme,
    javaScriptEnabled: options.js ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  if (options.theme) {
    await context.addCookies([{ name: 'theme', value: options.theme, url: suite.portal.url }]);
  }
  return context;
}

describe('themes', () => {
  it('follows the system setting without JavaScript and without a choice', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await themedContext(suite.browser, { colorScheme, js: false });
      const page = await context.newPage();
      await page.goto(suite.portal.url);
      expect(await page.getAttribute('html', 'data-theme')).toBeNull();
      expect(await scheme(page)).toBe(colorScheme);
      await context.close();
    }
  });

  it('keeps a choice made in the header across reloads, rendered by the server', async () => {
    const context = await themedContext(suite.browser, { colorScheme: 'light' });
    const watched = await watch(context);
    const page = await context.newPage();
    await page.goto(suite.portal.url);
    const group = page.getByRole('group', { name: 'Theme' }).first();
    await expect.poll(() => group.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    // Once the header has hydrated: before that a click moves the native radio and nothing
    // applies the choice (the app starts after the rest of the stylesheet has loaded).
    await page.waitForFunction(() => performance.getEntriesByName('portal:hydrated').length > 0);
    await group.locator('label', { hasText: 'Dark' }).click();
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await scheme(page)).toBe('dark');

    // The first byte of the next page already says dark: no flash of the light theme.
    const response = await page.reload();
    expect(await response?.text()).toMatch(/^<!doctype html>\s*<html [^>]*data-theme="dark"/i);
    expect(await scheme(page)).toBe('dark');
    await expect.poll(() => group.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);

    // Keyboard: the radio group moves with the arrow keys, once the header has hydrated (before
    // that the browser moves the native radios and nothing applies the choice).
    await page.waitForFunction(() => performance.getEntriesByName('portal:hydrated').length > 0);
    await group.getByRole('radio', { name: 'Dark' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe('light');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBeNull();
    const cookies = await context.cookies(suite.portal.url);
    expect(cookies.find((cookie) => cookie.name === 'theme')).toMatchObject({
      value: 'system',
      httpOnly: false,
      sameSite: 'Lax',
    });
    expect(watched.pageErrors).toEqual([]);
    expect(watched.cspViolations).toEqual([]);
    await context.close();
  });

  it('lets browsers without JavaScript choose with the form', async () => {
    const context = await themedContext(suite.browser, { colorScheme: 'light', js: false });
    const page = await context.newPage();
    await page.goto(`${suite.portal.url}/?q=galaxy`);
    const group = page.getByRole('group', { name: 'Theme' }).first();
    await group.locator('label', { hasText: 'Dark' }).click();
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.waitForURL(`${suite.portal.url}/?q=galaxy`);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await context.close();
  });

  it('lets phones without JavaScript choose in the "Theme" disclosure, axe-clean', async () => {
    for (const theme of ['light', 'dark'] as const) {
      // The system says the other theme: the server's choice shows, and the form changes it.
      const other = theme === 'dark' ? 'light' : 'dark';
      const context = await themedContext(suite.browser, {
        theme,
        colorScheme: other,
        width: 375,
        js: false,
      });
      const page = await context.newPage();
      await page.goto(`${suite.portal.url}/?q=galaxy`);
      expect(await scheme(page)).toBe(theme);
      // The menu cannot open without JavaScript: the disclosure stands in for it.
      expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
      const summary = page.locator('summary', { hasText: 'Theme' });
      const card = page.getByRole('article').first();
      const before = await card.boundingBox();
      // Keyboard: the summary takes the focus and Enter opens it.
      await summary.focus();
      await page.keyboard.press('Enter');
      const group = page.getByRole('group', { name: 'Theme' });
      await group.waitFor();
      expect(await group.count()).toBe(1);
      expect(await page.locator('header details[open]').count()).toBe(1);
      // The panel floats over the page: nothing under it moved.
      expect(await card.boundingBox()).toEqual(before);
      expect(
        await axeViolations(page, { scriptsOff: true }),
        `${theme} 375 no-JS disclosure`,
      ).toEqual([]);

      // Arrow keys move the choice, Tab reaches Apply.
      await group.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' }).focus();
      await page.keyboard.press(theme === 'dark' ? 'ArrowLeft' : 'ArrowRight');
      expect(
        await group.getByRole('radio', { name: theme === 'dark' ? 'Light' : 'Dark' }).isChecked(),
      ).toBe(true);
      const reloaded = page.waitForResponse(
        (answer) =>
          answer.url() === `${suite.portal.url}/?q=galaxy` && answer.request().method() === 'GET',
      );
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      // Back on the same page (the search kept), which the server renders in the new theme.
      await reloaded;
      await page.locator(`html[data-theme="${other}"]`).waitFor({ state: 'attached' });
      expect(page.url()).toBe(`${suite.portal.url}/?q=galaxy`);
      expect(await scheme(page)).toBe(other);
      await context.close();
    }
  });

  it('chooses dark at 375 px without JavaScript and the next page says data-theme="dark"', async () => {
    const context = await themedContext(suite.browser, {
      colorScheme: 'light',
      width: 375,
      js: false,
    });
    const page = await context.newPage();
    await page.goto(suite.portal.url);
    expect(await page.getAttribute('html', 'data-theme')).toBeNull();
    await page.locator('summary', { hasText: 'Theme' }).click();
    const group = page.getByRole('group', { name: 'Theme' });
    await group.locator('label', { hasText: 'Dark' }).click();
    const response = page.waitForResponse(
      (answer) => answer.url() === `${suite.portal.url}/` && answer.request().method() === 'GET',
    );
    await page.getByRole('button', { name: 'Apply' }).click();
    const html = await (await response).text();
    expect(html).toMatch(/^<!doctype html>\s*<html [^>]*data-theme="dark"/i);
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    expect(await scheme(page)).toBe('dark');
    const cookies = await context.cookies(suite.portal.url);
    expect(cookies.find((cookie) => cookie.name === 'theme')?.value).toBe('dark');
    await context.close();
  });

  it('is axe-clean in both themes, at 375 px with the menu open and at 1280 px', async () => {
    for (const theme of ['light', 'dark']) {
      for (const width of [375, 1280]) {
        // The system says the other theme: the chosen one must win everywhere.
        const context = await themedContext(suite.browser, {
          theme,
          colorScheme: theme === 'dark' ? 'light' : 'dark',
          width,
        });
        const page = await context.newPage();
        await page.goto(suite.portal.url);
        expect(await scheme(page)).toBe(theme);
        await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
        expect(await axeViolations(page), `${theme} ${width}`).toEqual([]);
        if (width === 375) {
          const menu = page.getByRole('button', { name: 'Open menu' });
          await expect.poll(() => menu.isEnabled()).toBe(true);
          await menu.click();
          await page.getByRole('group', { name: 'Theme' }).last().waitFor();
          expect(await axeViolations(page), `${theme} ${width} menu`).toEqual([]);
        }
        // The sign-in problem page follows too.
        await page.goto(`${suite.portal.url}/auth/callback?code=x&state=made-up`);
        expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
        expect(await axeViolations(page), `${theme} ${width} sign-in problem`).toEqual([]);
        await context.close();
      }
    }
  });
});

describe('icons', () => {
  /**
   * The "Open" link's icon of the first card: its box and colours, and pictures of the link as
   * drawn, with the icon as a full box (no mask) and as nothing (no colour). The link paints the
   * icon itself, in its `::after` (styles.css `.app-open`): a rule added for the pictures changes
   * only the icon.
   */
  async function openIcon(page: Page) {
    const link = page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Open / });
    const look = await link.evaluate((element) => {
      const style = getComputedStyle(element, '::after');
      return {
        width: parseFloat(style.width),
        height: parseFloat(style.height),
        color: style.color,
        background: style.backgroundColor,
        mask: style.maskImage || style.webkitMaskImage,
      };
    });
    const restyle = (css: string) =>
      page.evaluate((css) => {
        const style = document.getElementById('icon-test') ?? document.createElement('style');
        style.id = 'icon-test';
        style.textContent = css;
        document.head.append(style);
      }, css);
    const drawn = await link.screenshot();
    await restyle('.app-open::after { mask-image: none !important }');
    const box = await link.screenshot();
    await restyle('.app-open::after { background-color: transparent !important }');
    const nothing = await link.screenshot();
    await restyle('');
    return { ...look, drawn, box, nothing };
  }

  it('paints each icon in its text’s colour, in both themes and in forced colours', async () => {
    for (const theme of ['light', 'dark']) {
      for (const forcedColors of ['none', 'active'] as const) {
        const context = await themedContext(suite.browser, { theme, colorScheme: 'light' });
        const page = await context.newPage();
        await page.emulateMedia({ forcedColors });
        await page.goto(suite.portal.url);
        // Hydrated: nothing renders the card again while its icon is looked at.
        await expect
          .poll(() => page.evaluate(() => performance.getEntriesByName('portal:hydrated').length))
          .toBe(1);
        const icon = await openIcon(page);
        const label = `${theme}, forced colours ${forcedColors}`;
        // One box of the icon's size, drawn through its mask (decision 0041): the view of its
        // drawing in the icons' sprite (decision 0048), in the link's colour.
        expect(icon.width, label).toBe(16);
        expect(icon.height, label).toBe(16);
        expect(icon.mask, label).toMatch(
          /^url\("http:\/\/[^"]+\/assets\/icons-[0-9a-f]{10}\.svg#lucide-external-link"\)$/,
        );
        expect(icon.background, label).toBe(icon.color);
        // The drawing shows: neither nothing nor a full box of colour.
        expect(icon.drawn.equals(icon.nothing), label).toBe(false);
        expect(icon.drawn.equals(icon.box), label).toBe(false);
        await context.close();
      }
    }
  });
});

describe('favorites in the order people want', () => {
  it('reorders by keyboard and by drag and drop, kept across reloads and pages', async () => {
    const context = await themedContext(suite.browser, { colorScheme: 'light' });
    const watched = await watch(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${suite.portal.url}/auth/login`);
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${suite.portal.url}/`);
    const hearts = page.getByRole('button', { name: /^Add .* to favorites$/ });
    await expect.poll(() => hearts.first().isEnabled()).toBe(true);
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const heart = hearts.first();
      const label = (await heart.getAttribute('aria-label')) ?? '';
      names.push(label.replace(/^Add (.*) to favorites$/, '$1'));
      await heart.click();
      await page
        .getByRole('button', { name: `Remove ${names[i]} from favorites` })
        .first()
        .waitFor();
    }
    const favorites = page.getByRole('region', { name: 'Favorites' });
    const shown = () => favorites.locator('article h3').allTextContents();
    await expect.poll(shown).toEqual(names);

    await page.getByRole('button', { name: 'Reorder favorites' }).click();
    const list = page
      .getByRole('list')
      .filter({ has: page.getByRole('button', { name: /^Move / }) });
    await list.waitFor();
    // The editor puts the focus on "Done" once it is shown; wait for that before moving the focus,
    // or the editor's own focus may land after ours and Enter would close it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Done');
    // Keyboard: the last one up twice; the live region says where it went.
    const [first, second, third] = names as [string, string, string];
    await page.getByRole('button', { name: `Move ${third} up` }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'moved' }).textContent())
      .toBe(`${third} moved to position 1 of 3.`);
    // Drag and drop: the (now) last one onto the first place.
    await list
      .getByRole('listitem')
      .filter({ hasText: second })
      .dragTo(list.getByRole('listitem').first());
    const order = [second, third, first];
    await expect.poll(() => list.getByRole('listitem').allTextContents()).toEqual(order);
    await expect
      .poll(async () => {
        const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
        return (me as { favorites: { name: string }[] }).favorites.map((app) => app.name);
      })
      .toEqual(order);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(shown).toEqual(order);

    await page.reload();
    await expect.poll(shown).toEqual(order);
    const other = await context.newPage();
    await other.goto(suite.portal.url);
    await expect
      .poll(() =>
        other.getByRole('region', { name: 'Favorites' }).locator('article h3').allTextContents(),
      )
      .toEqual(order);
    expect(watched.pageErrors).toEqual([]);
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { expectCleanAndClose, newWatchedContext, waitUntilInteractive } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

// `npm start` defaults: the demo catalog (its public apps in four categories).
const suite = usePortalAndBrowser();

const density = (page: Page) => page.getAttribute('html', 'data-density');
const section = (page: Page, name: string) => page.getByRole('region', { name });
const isOpen = (page: Page, name: string) =>
  section(page, name)
    .locator('details')
    .evaluate((details) => (details as HTMLDetailsElement).open);

describe('density: comfortable and compact views', () => {
  it('without JavaScript: the view switch posts the choice and the server renders it', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.portal.url}/?q=galaxy`);
    expect(await density(page)).toBe('comfortable');
    const view = page.getByRole('group', { name: 'View' });
    expect(
      await view.getByRole('button', { name: 'Comfortable' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await view.getByRole('button', { name: 'Compact' }).click();
    await page.waitForURL(`${suite.portal.url}/?q=galaxy`);
    expect(await density(page)).toBe('compact');
    expect(await view.getByRole('button', { name: 'Compact' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await axeViolations(page, { scriptsOff: true })).toEqual([]);
    await context.close();
  });

  it('with JavaScript: applies at once, and the next page comes compact from its first byte', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    await page.goto(suite.portal.url);
    await waitUntilInteractive(page);
    // Every app's element is named by its id, in either view.
    const apps = await page.locator('[data-app-id]').count();
    expect(apps).toBe(await page.getByRole('article').count());
    // The page stays (no round trip): a mark set on it survives the switch.
    await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
    await page.getByRole('button', { name: 'Compact' }).click();
    await expect.poll(() => density(page)).toBe('compact');
    expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
    expect(await page.locator('[data-app-id]').count()).toBe(apps);
    expect(await axeViolations(page)).toEqual([]);

    const response = await page.reload();
    expect(await response?.text()).toMatch(/^<!doctype html>\s*<html [^>]*data-density="compact"/i);
    const cookies = await context.cookies(suite.portal.url);
    expect(cookies.find((cookie) => cookie.name === 'density')).toMatchObject({
      value: 'compact',
      httpOnly: false,
      sameSite: 'Lax',
    });
    await waitUntilInteractive(page);
    await page.getByRole('button', { name: 'Comfortable' }).click();
    await expect.poll(() => density(page)).toBe('comfortable');
    await expectCleanAndClose(context, watched);
  });

  it('collapses a category, remembers it, opens it for the category bar and while searching', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    await page.goto(suite.portal.url);
    await waitUntilInteractive(page);
    const categories = page.getByRole('navigation', { name: 'Categories' });
    expect(await categories.getByRole('link').allTextContents()).toEqual([
      'Applications',
      'Data',
      'Pipelines',
      'Resources',
    ]);
    // The title closes its section; the cards stay in the page.
    await section(page, 'Data').getByRole('heading', { name: 'Data' }).click();
    await expect.poll(() => isOpen(page, 'Data')).toBe(false);
    await expect
      .poll(async () =>
        (await context.cookies(suite.portal.url)).some((c) => c.name === 'collapsed'),
      )
      .toBe(true);

    // The server renders it closed the next time, before any script runs.
    const response = await page.reload();
    const html = (await response?.text()) ?? '';
    const details = html.match(/<details[^>]*app-section-details[^>]*>/g) ?? [];
    expect(details).toHaveLength(4);
    expect(details.filter((tag) => !/\sopen\b/.test(tag))).toHaveLength(1);
    expect(await isOpen(page, 'Data')).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // The category bar opens it and jumps there.
    await waitUntilInteractive(page);
    await categories.getByRole('link', { name: 'Data' }).click();
    await expect.poll(() => isOpen(page, 'Data')).toBe(true);
    expect(page.url()).toMatch(/#category-[0-9a-z]+$/);

    // A search shows every matching section open, even one the visitor collapsed.
    await section(page, 'Data').getByRole('heading', { name: 'Data' }).click();
    await expect.poll(() => isOpen(page, 'Data')).toBe(false);
    const name = await section(page, 'Data').locator('[data-app-id] h3').first().textContent();
    await page.goto(`${suite.portal.url}/?q=${encodeURIComponent(name ?? '')}`);
    expect(await isOpen(page, 'Data')).toBe(true);
    await expectCleanAndClose(context, watched);
  });
});

import type { Page } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { expectCleanAndClose, newWatchedContext, waitUntilInteractive } from './support/browser.js';
import { signInDirectly } from './support/demo-login.js';
import { usePortalAndBrowser } from './support/suite.js';

// Following apps (docs/notifications.md) with the embedded demo identity provider: alice follows
// Galaxy with the bell on its card, which stays followed after a reload; the user menu's
// "Notification settings" opens the server's settings page, which lists it; there, with
// JavaScript off, she changes a setting and unfollows Galaxy, and the portal's page agrees.

const CATALOG = `apps:
  - { id: galaxy, name: Galaxy, link: https://galaxy.example.edu/, category: apps, isPublic: true }
  - { id: wiki, name: Wiki, link: https://wiki.example.edu/, category: apps, isPublic: true }
`;
const catalogDir = mkdtempSync(join(tmpdir(), 'portal-e2e-subscriptions-'));
writeFileSync(join(catalogDir, 'catalog.yaml'), CATALOG);
afterAll(() => rmSync(catalogDir, { recursive: true, force: true }));

const suite = usePortalAndBrowser({ CATALOG_FILE: join(catalogDir, 'catalog.yaml') });

interface Subscriptions {
  apps: string[];
  events: string[];
  digestMinutes: number;
  channels: { email: boolean };
}

/** The signed-in person's subscriptions, read through the portal's API from its own page. */
function mySubscriptions(page: Page): Promise<Subscriptions> {
  return page.evaluate(async () => {
    const response = await fetch('/api/me/subscriptions', {
      headers: { accept: 'application/json' },
    });
    return (await response.json()) as Subscriptions;
  });
}

describe('following apps', () => {
  it('follows with the bell, lists the app on the settings page, and saves settings without JavaScript', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    await signInDirectly(page, suite.portal.url, 'alice');
    await waitUntilInteractive(page);

    // The bell: a toggle named with its app, once the subscriptions are loaded.
    const galaxy = page.getByRole('article', { name: 'Galaxy' });
    const follow = galaxy.getByRole('button', { name: 'Follow Galaxy' });
    await follow.waitFor();
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === '/api/me/subscriptions/apps/galaxy',
    );
    await follow.click();
    expect((await saved).status()).toBe(200);
    const stop = galaxy.getByRole('button', { name: 'Stop following Galaxy' });
    expect(await stop.getAttribute('aria-pressed')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    // After a reload: still followed (the server's word), and Wiki still not.
    await page.reload();
    await waitUntilInteractive(page);
    await stop.waitFor();
    expect(await stop.getAttribute('aria-pressed')).toBe('true');
    const wiki = page.getByRole('article', { name: 'Wiki' });
    expect(
      await wiki.getByRole('button', { name: 'Follow Wiki' }).getAttribute('aria-pressed'),
    ).toBe('false');

    // The user menu's link to the server's settings page, which lists Galaxy.
    await page.getByRole('button', { name: 'Hello, Alice' }).click();
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await page.waitForURL(`${suite.portal.url}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Notification settings' }).waitFor();
    const followed = page.getByRole('listitem').filter({ hasText: 'Galaxy' });
    await followed.getByRole('button', { name: 'Unfollow Galaxy' }).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Wiki' }).count()).toBe(0);

    // The same person in a browser without JavaScript (the session cookie copied over).
    const noScript = await suite.browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies(await context.cookies());
    const plain = await noScript.newPage();
    await plain.goto(`${suite.portal.url}/settings`);
    const daily = plain.getByRole('radio', { name: 'At most one message a day' });
    const maintenance = plain.getByRole('checkbox', {
      name: 'maintenance of an app begins or ends',
    });
    expect(await daily.isChecked()).toBe(false);
    expect(await maintenance.isChecked()).toBe(false);
    await daily.check();
    await maintenance.check();
    await plain.getByRole('button', { name: 'Save settings' }).click();
    await plain.waitForURL((url) => url.pathname === '/settings' && url.search.includes('saved'));
    expect(await plain.getByRole('status').textContent()).toContain('Your settings were saved.');
    expect(await daily.isChecked()).toBe(true);
    expect(await maintenance.isChecked()).toBe(true);
    // Still following Galaxy: saving the settings changes no follow.
    await plain.getByRole('button', { name: 'Unfollow Galaxy' }).waitFor();

    // Unfollowing there, also without JavaScript.
    await plain.getByRole('button', { name: 'Unfollow Galaxy' }).click();
    await plain.waitForURL((url) => url.pathname === '/settings' && url.search.includes('saved'));
    expect(await plain.getByRole('status').textContent()).toContain(
      'You no longer follow that app.',
    );
    expect(await plain.getByRole('button', { name: 'Unfollow Galaxy' }).count()).toBe(0);
    await noScript.close();

    // The portal's page agrees: what was saved without JavaScript, and Galaxy's bell.
    const stored = await mySubscriptions(page);
    expect(stored.digestMinutes).toBe(1440);
    expect(stored.events).toContain('maintenance');
    expect(stored.apps).toEqual([]);
    await page.goto(suite.portal.url);
    await waitUntilInteractive(page);
    await galaxy.getByRole('button', { name: 'Follow Galaxy' }).waitFor();
    await expectCleanAndClose(context, watched);
  });

  it('puts the bell after the heart in the card’s last row, in either direction, and moves nothing', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    await signInDirectly(page, suite.portal.url, 'alice');
    const url = new URL(suite.portal.url);
    for (const [language, direction, name] of [
      ['en', 'ltr', 'Follow Wiki'],
      ['ar', 'rtl', 'متابعة Wiki'],
    ] as const) {
      await context.addCookies([
        { name: 'lang', value: language, domain: url.hostname, path: '/' },
      ]);
      await page.goto(suite.portal.url);
      expect(await page.getAttribute('html', 'dir')).toBe(direction);
      const card = page.locator('article[data-app-id="wiki"]');
      const bell = card.getByRole('button', { name });
      await bell.waitFor();
      const layout = await card.evaluate((element) => {
        const box = (selector: string | null) => {
          const found = selector ? element.querySelector<HTMLElement>(selector) : element;
          if (!found) throw new Error(`no ${selector}`);
          const { left, right, top, bottom } = found.getBoundingClientRect();
          return { left, right, top, bottom };
        };
        const bellElement = element.querySelector<HTMLElement>('.app-bell');
        const withBell = element.getBoundingClientRect().height;
        bellElement?.style.setProperty('display', 'none');
        const withoutBell = element.getBoundingClientRect().height;
        bellElement?.style.removeProperty('display');
        return {
          card: box(null),
          heart: box('.app-fav'),
          bell: box('.app-bell'),
          open: box('.app-open'),
          withBell,
          withoutBell,
        };
      });
      // The same row as the heart, inside the card, after the heart in the reading direction,
      // clear of the open link; and the card is as high with it as without it.
      expect(Math.abs(layout.bell.top - layout.heart.top)).toBeLessThanOrEqual(1);
      expect(layout.bell.left).toBeGreaterThanOrEqual(layout.card.left);
      expect(layout.bell.right).toBeLessThanOrEqual(layout.card.right);
      if (direction === 'ltr') {
        expect(layout.bell.left).toBeGreaterThanOrEqual(layout.heart.right);
        expect(layout.bell.right).toBeLessThanOrEqual(layout.open.left);
      } else {
        expect(layout.bell.right).toBeLessThanOrEqual(layout.heart.left);
        expect(layout.bell.left).toBeGreaterThanOrEqual(layout.open.right);
      }
      expect(layout.withBell).toBe(layout.withoutBell);
    }
    await expectCleanAndClose(context, watched);
  });
});

import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { watch } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';

// A portal without any identity provider (no OIDC_ISSUER, no demo IdP): the public catalog only.
const suite = usePortalAndBrowser({ DEMO_IDP: 'false', OIDC_ISSUER: '' });

describe('a portal without an identity provider', () => {
  it('offers no sign-in control, on the rendered page and after it starts, at any width', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 800 },
    ]) {
      const context = await suite.browser.newContext({ viewport });
      const watched = await watch(context);
      const page = await context.newPage();
      const response = await page.goto(suite.portal.url);
      // The server-rendered page, before any script ran.
      expect(await response?.text()).not.toMatch(/>Sign in</i);
      await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
      // Hydrated: still no way to sign in, in the header or in a menu.
      await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
      expect(await page.getByRole('button', { name: /sign in/i }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /sign in/i }).count()).toBe(0);
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (viewport.width < 768) {
        // The narrow menu still holds the theme choice (decision 0027), and nothing to sign in.
        await expect.poll(() => menu.isEnabled()).toBe(true);
        await menu.click();
        await page.getByRole('group', { name: 'Theme' }).waitFor();
        expect(await page.getByRole('button', { name: /sign in/i }).count()).toBe(0);
      } else {
        expect(await menu.count()).toBe(0);
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      await context.close();
    }
  });

  it('says at /admin that sign-in is not set up, instead of offering it', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.portal.url}/admin`);
    await page.getByText('Sign-in is not set up on this portal', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: /sign in/i }).count()).toBe(0);
    await page.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newWatchedContext } from './support/browser.js';
import { usePortalAndBrowser } from './support/suite.js';
import { signInAtDemoIdp } from './support/demo-login.js';

// Notices kept on the server per person (docs/notifications.md) with the embedded demo IdP: a
// notice to acknowledge stays gone after "I have read and accept" and a reload, and a notice
// dismissed in one browser is gone in another browser of the same person.
const suite = usePortalAndBrowser();

const newContext = () => newWatchedContext(suite.browser);

/** Posts a notice as the signed-in admin of `page`, from the portal's own page. */
async function postNotice(page: Page, fields: Record<string, unknown>) {
  const status = await page.evaluate(async (body) => {
    const response = await fetch('/api/admin/notices', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return response.status;
  }, fields);
  expect(status).toBe(201);
}

async function signedIn(user: string) {
  const watched = await newContext();
  const page = await watched.context.newPage();
  await page.goto(suite.portal.url);
  await signInAtDemoIdp(page, suite.portal.url, user);
  return { ...watched, page };
}

describe('notice receipts', () => {
  it('keeps an acknowledgement and a dismissal on the server, for every browser of the person', async () => {
    const admin = await signedIn('admin');
    const now = Date.now();
    const window = {
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 2 * 60 * 60_000).toISOString(),
    };
    await postNotice(admin.page, {
      title: 'Backup window',
      severity: 'info',
      audience: { kind: 'signed-in' },
      ...window,
    });
    await postNotice(admin.page, {
      title: 'New usage rules',
      severity: 'info',
      requireAck: true,
      audience: { kind: 'signed-in' },
      ...window,
    });

    const first = await signedIn('alice');
    const banner = first.page.getByRole('region', { name: 'Notices' });
    await banner.waitFor({ timeout: 15_000 });
    const headings = banner.getByRole('heading');
    await headings.first().waitFor();
    expect(await headings.allTextContents()).toEqual([
      'Notice: New usage rules',
      'Notice: Backup window',
    ]);
    expect(
      await banner.getByRole('button', { name: 'Dismiss the notice “New usage rules”' }).count(),
    ).toBe(0);
    await banner.getByRole('button', { name: 'I have read and accept' }).click();
    await banner.getByRole('heading', { name: 'Notice: New usage rules' }).waitFor({
      state: 'detached',
    });
    await first.page.reload();
    await banner.getByRole('heading', { name: 'Notice: Backup window' }).waitFor();
    expect(await banner.getByText('New usage rules').count()).toBe(0);

    await banner.getByRole('button', { name: 'Dismiss the notice “Backup window”' }).click();
    await banner.waitFor({ state: 'detached' });

    // Another browser of the same person: neither notice (the dismissal is on the server).
    const second = await signedIn('alice');
    await second.page.getByRole('article').first().waitFor({ timeout: 15_000 });
    expect(await second.page.getByRole('region', { name: 'Notices' }).count()).toBe(0);

    // The admin, who did neither, still sees both.
    await admin.page.reload();
    const adminBanner = admin.page.getByRole('region', { name: 'Notices' });
    await adminBanner.getByRole('heading', { name: 'Notice: Backup window' }).waitFor();
    expect(await adminBanner.getByRole('heading').count()).toBe(2);

    for (const { context, watched } of [admin, first, second]) {
      expect(watched.cspViolations).toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      await context.close();
    }
  });
});

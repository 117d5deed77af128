import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keycloakAvailability } from '../scripts/keycloak/keycloak.mjs';
import {
  catalogNames,
  expectCleanAndClose,
  newWatchedContext,
  showsAsTimePasses,
} from './support/browser.js';
import { groupsInKeycloak, KEYCLOAK_SERVICE_ACCOUNT } from './support/keycloak-admin.js';
import { signInThroughPortal } from './support/keycloak-login.js';
import { napariCatalog } from './support/napari-catalog.js';
import { useKeycloakPortalAndBrowser } from './support/suite.js';

// Time-boxed access ending (docs/access-requests.md) in Chromium against the built server and a real Keycloak:
// alice is granted Napari (time-boxed) by bob in his inbox, the membership is written to
// Keycloak; an admin then ends her access (POST /api/access-requests/{id}/expiry with a time
// already past); the access jobs (every second here, ACCESS_JOBS_INTERVAL) remove her from
// /imaging in Keycloak, and her open page shows Napari locked again without signing out.
// Skipped only where the machine cannot run Keycloak at all (like keycloak-sign-in.e2e.ts).

const availability = keycloakAvailability();
if (!availability.ok)
  console.warn(`Skipping the access expiry browser test: ${availability.reason}.`);

const CATALOG = napariCatalog({ days: 180 });

describe.skipIf(!availability.ok)('time-boxed access ending, against a real Keycloak', () => {
  const suite = useKeycloakPortalAndBrowser(CATALOG, {
    ...KEYCLOAK_SERVICE_ACCOUNT,
    ACCESS_JOBS_INTERVAL: '1',
  });
  const urls = () => ({ keycloak: suite.keycloak.url, portal: suite.portal.url });
  const aliceGroups = () => groupsInKeycloak(suite.keycloak.issuer, 'alice');

  const signIn = (page: Page, username: string, greeting: string) =>
    signInThroughPortal(page, urls(), username, greeting);

  it('an admin ends alice’s access: Keycloak drops the membership and her open page locks the card', async () => {
    const alice = await newWatchedContext(suite.browser);
    const bob = await newWatchedContext(suite.browser);
    const admin = await newWatchedContext(suite.browser);
    // Alice's page refreshes her requests on a 30 s timer: the test moves her clock on.
    await alice.context.clock.install();

    // Alice asks for Napari on its locked card.
    const alicePage = await alice.context.newPage();
    await signIn(alicePage, 'alice', 'Alice');
    await expect.poll(() => catalogNames(alicePage), { timeout: 15_000 }).toContain('Napari');
    const card = alicePage.getByRole('article', { name: 'Napari' });
    await card.getByRole('button', { name: 'Request access: Napari' }).click();
    const dialog = alicePage.getByRole('dialog', { name: 'Request access to Napari' });
    await dialog.getByLabel('Why do you need access?').fill('Imaging course this term.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await card.getByText(/^Requested on /).waitFor({ timeout: 15_000 });

    // Bob approves in his inbox; the portal writes the membership to Keycloak.
    const bobPage = await bob.context.newPage();
    await signIn(bobPage, 'bob', 'Bob');
    await bobPage.getByRole('link', { name: 'Requests' }).first().click();
    await bobPage.waitForURL(`${suite.portal.url}/requests`);
    const request = bobPage.getByRole('listitem', { name: /asks for Napari/ });
    await request.getByRole('button', { name: 'Approve' }).click({ timeout: 15_000 });
    const outcome = await bobPage.getByRole('status').first().textContent({ timeout: 15_000 });
    expect(outcome).toMatch(/^Approved: .* is now in \/imaging/);
    expect(await aliceGroups()).toContain('/imaging');

    // Alice's open page unlocks Napari, time-boxed.
    await showsAsTimePasses(alice.context, alicePage.getByRole('link', { name: 'Open Napari' }));
    await card.getByText(/^Access until /).waitFor({ timeout: 15_000 });

    // An admin ends the access now (a time already past), through the admin API.
    const adminPage = await admin.context.newPage();
    await signIn(adminPage, 'admin', 'Admin');
    const ended = await adminPage.evaluate(async () => {
      const decided = (await (await fetch('/api/access-requests/inbox?status=decided')).json()) as {
        items: { id: string; appId: string; status: string }[];
      };
      const approved = decided.items.find(
        (item) => item.appId === 'napari' && item.status === 'approved',
      );
      const answer = await fetch(`/api/access-requests/${approved?.id ?? 'none'}/expiry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ expiresAt: new Date(Date.now() - 60_000).toISOString() }),
      });
      return { status: answer.status, body: (await answer.json()) as { status?: string } };
    });
    expect(ended).toMatchObject({ status: 200, body: { status: 'approved' } });

    // The access jobs remove the membership in Keycloak...
    await expect.poll(aliceGroups, { timeout: 60_000, interval: 500 }).not.toContain('/imaging');
    // ...the request has expired...
    const myRequest = () =>
      alicePage.evaluate(async () => {
        const mine = (await (await fetch('/api/access-requests')).json()) as {
          items: { status: string; membership: string }[];
        };
        return `${mine.items[0]?.status} ${mine.items[0]?.membership}`;
      });
    await expect.poll(myRequest, { timeout: 30_000, interval: 500 }).toBe('expired removed');
    // ...and alice's page, never signed out, shows Napari locked again.
    try {
      await showsAsTimePasses(
        alice.context,
        alicePage.locator('article[data-locked="true"]', { hasText: 'Napari' }),
      );
    } catch (error) {
      const seen = await alicePage.evaluate(async () => {
        const apps = await (await fetch('/api/apps')).text();
        const me = await (await fetch('/api/me')).text();
        return {
          apps: apps.slice(0, 1500),
          me: me.slice(0, 800),
          visible: document.visibilityState,
        };
      });
      console.log(JSON.stringify(seen, null, 1), suite.portal.output().slice(-3000));
      throw error;
    }
    expect(await alicePage.getByRole('link', { name: 'Open Napari' }).count()).toBe(0);
    expect(await card.getByText(/^Access ended on /).isVisible()).toBe(true);
    expect(await alicePage.getByRole('button', { name: 'Hello, Alice' }).isVisible()).toBe(true);

    // The admin's change and the removal are in the audit log.
    const audit = await adminPage.evaluate(async () => {
      const page = (await (await fetch('/api/admin/audit?app=napari')).json()) as {
        items: { action: string; actor: { username: string }; after: { membership?: string } }[];
      };
      return page.items.map((item) =>
        `${item.action} ${item.actor.username} ${item.after?.membership ?? ''}`.trim(),
      );
    });
    expect(audit).toContain('access-expiry admin');
    expect(audit).toContain('access-membership access-expiry removed');

    await expectCleanAndClose(admin.context, admin.watched);
    await expectCleanAndClose(bob.context, bob.watched);
    await expectCleanAndClose(alice.context, alice.watched);
  }, 300_000);
});

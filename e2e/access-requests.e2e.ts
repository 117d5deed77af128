import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keycloakAvailability } from '../scripts/keycloak/keycloak.mjs';
import { axeViolations } from './support/axe.js';
import {
  catalogNames,
  expectCleanAndClose,
  newWatchedContext,
  showsAsTimePasses,
} from './support/browser.js';
import {
  groupsInKeycloak as groupsInKeycloakAs,
  KEYCLOAK_SERVICE_ACCOUNT,
} from './support/keycloak-admin.js';
import { signInThroughPortal } from './support/keycloak-login.js';
import { napariCatalog } from './support/napari-catalog.js';
import { useKeycloakPortalAndBrowser } from './support/suite.js';

// The access-request journey (docs/access-requests.md) in Chromium against the built server and a real
// Keycloak: alice (genomics) asks for Napari, granted by /imaging; bob (imaging, the app's
// approver) approves in his inbox; alice's open page shows Napari unlocked without signing out.
// Skipped only where the machine cannot run Keycloak at all (like keycloak-sign-in.e2e.ts);
// a portal without the access-request routes fails here, it does not skip.

const availability = keycloakAvailability();
if (!availability.ok)
  console.warn(`Skipping the access-request browser tests: ${availability.reason}.`);

const CATALOG = napariCatalog();

describe.skipIf(!availability.ok)('access requests in the browser against a real Keycloak', () => {
  // The test realm's service-account client (keycloak/realm-app-portal.json): memberships are
  // written to Keycloak, not left to an admin.
  const suite = useKeycloakPortalAndBrowser(CATALOG, KEYCLOAK_SERVICE_ACCOUNT);
  const urls = () => ({ keycloak: suite.keycloak.url, portal: suite.portal.url });

  const groupsInKeycloak = (username: string) =>
    groupsInKeycloakAs(suite.keycloak.issuer, username);

  const signIn = (page: Page, username: string, greeting: string) =>
    signInThroughPortal(page, urls(), username, greeting);

  it('alice requests Napari, bob approves it in his inbox, alice sees it unlocked without signing out', async () => {
    const alice = await newWatchedContext(suite.browser);
    const bob = await newWatchedContext(suite.browser);
    // Alice's page refreshes her requests on a 30 s timer: the test moves her clock on.
    await alice.context.clock.install();
    const alicePage = await alice.context.newPage();
    await signIn(alicePage, 'alice', 'Alice');
    await expect.poll(() => catalogNames(alicePage), { timeout: 15_000 }).toContain('Napari');

    // The locked card: no link, the word "Locked", who grants it; then the request.
    const card = alicePage.getByRole('article', { name: 'Napari' });
    expect(await card.getByText('Locked', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('link').count()).toBe(0);
    expect(await card.textContent()).toContain('Granted by /imaging');
    await card.getByRole('button', { name: 'Request access: Napari' }).click();
    const dialog = alicePage.getByRole('dialog', { name: 'Request access to Napari' });
    await dialog.getByLabel('Why do you need access?').fill('Cell tracking for my thesis.');
    expect(await axeViolations(alicePage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await card.getByText(/^Requested on /).waitFor({ timeout: 15_000 });

    // Bob, the app's approver, finds it in his inbox through the header and approves it.
    const bobPage = await bob.context.newPage();
    await signIn(bobPage, 'bob', 'Bob');
    await bobPage.getByRole('link', { name: 'Requests' }).first().click();
    await bobPage.waitForURL(`${suite.portal.url}/requests`);
    const request = bobPage.getByRole('listitem', { name: /asks for Napari/ });
    await request.waitFor({ timeout: 15_000 });
    expect(await request.textContent()).toContain('Cell tracking for my thesis.');
    expect(await axeViolations(bobPage)).toEqual([]);
    await request.getByRole('button', { name: 'Approve' }).click();
    const outcome = await bobPage.getByRole('status').first().textContent({ timeout: 15_000 });
    // With the portal's Keycloak service account the membership is written, not left to do.
    expect(outcome).toMatch(/^Approved: .* is now in \/imaging/);

    // Keycloak's Admin API shows alice in /imaging (read with the same service account).
    expect(await groupsInKeycloak('alice')).toContain('/imaging');

    // Alice's page, still open and never signed out, shows Napari unlocked within a minute or so.
    await showsAsTimePasses(alice.context, alicePage.getByRole('link', { name: 'Open Napari' }));
    expect(await alicePage.locator('article[data-locked="true"]').count()).toBe(0);
    expect(await alicePage.getByRole('button', { name: 'Hello, Alice' }).isVisible()).toBe(true);

    await expectCleanAndClose(bob.context, bob.watched);
    await expectCleanAndClose(alice.context, alice.watched);
  }, 240_000);
});

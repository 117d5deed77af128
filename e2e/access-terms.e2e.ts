import type { Page } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.js';
import { expectCleanAndClose, newWatchedContext, waitUntilInteractive } from './support/browser.js';
import { signInDirectly } from './support/demo-login.js';
import { usePortalAndBrowser } from './support/suite.js';

// An app's terms of use before an access request (docs/access-requests.md, "Terms of use"),
// with the embedded demo identity provider: no Keycloak is needed to send a request (only its
// approval writes to the identity provider). alice (/genomics) sees Napari, which /imaging
// grants, as a locked card; the dialog shows the terms, "Send request" waits for the box, and
// the request keeps the version she accepted.

const TERMS = 'Images stay on the institute’s storage.\nCite the facility in papers.';
const CATALOG = `apps:
  - { id: galaxy, name: Galaxy, link: https://galaxy.example.edu/, category: apps, isPublic: true }
  - id: napari
    name: Napari
    description: Image viewer for multi-dimensional data.
    link: https://napari.example.edu/
    category: Imaging
    associatedGroups: [imaging]
    access: { requestable: true, group: /imaging, approvers: [bob] }
    terms: { version: '2026-11', text: ${JSON.stringify(TERMS)} }
`;
const catalogDir = mkdtempSync(join(tmpdir(), 'portal-e2e-terms-'));
writeFileSync(join(catalogDir, 'catalog.yaml'), CATALOG);
afterAll(() => rmSync(catalogDir, { recursive: true, force: true }));

const suite = usePortalAndBrowser({ CATALOG_FILE: join(catalogDir, 'catalog.yaml') });

/** The signed-in person's requests, read through the portal's API from its own page. */
function myRequests(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/access-requests', {
      headers: { accept: 'application/json' },
    });
    const body = (await response.json()) as {
      items: { appId: string; status: string; acceptedTerms?: string | null }[];
    };
    return body.items.map(({ appId, status, acceptedTerms }) => ({ appId, status, acceptedTerms }));
  });
}

describe('terms of use before an access request', () => {
  it('shows the terms in the request dialog and sends the request only once they are accepted', async () => {
    const { context, watched } = await newWatchedContext(suite.browser);
    const page = await context.newPage();
    await signInDirectly(page, suite.portal.url, 'alice');
    await waitUntilInteractive(page);

    const card = page.getByRole('article', { name: 'Napari' });
    await card.getByRole('button', { name: 'Request access: Napari' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request access to Napari' });
    const terms = dialog.getByRole('region', { name: 'Terms of use (version 2026-11)' });
    await terms.waitFor();
    expect(await terms.innerText()).toBe(TERMS);
    const accept = dialog.getByRole('checkbox', {
      name: 'I have read and accept the terms of use (version 2026-11)',
    });
    expect(await accept.isChecked()).toBe(false);
    expect(await accept.getAttribute('aria-describedby')).not.toBeNull();
    expect(await dialog.getByText('Accept the terms of use to send the request.').isVisible()).toBe(
      true,
    );

    // A reason alone is not enough: Send stays disabled, and nothing is sent.
    const send = dialog.getByRole('button', { name: 'Send request' });
    const reason = dialog.getByLabel('Why do you need access?');
    await reason.fill('Cell tracking for my thesis.');
    expect(await send.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await myRequests(page)).toEqual([]);

    // From the keyboard: the box takes Space, then Send is enabled.
    await accept.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => send.isEnabled()).toBe(true);
    expect(await dialog.getByText('Accept the terms of use to send the request.').count()).toBe(0);
    await send.click();
    await card.getByText(/^Requested on /).waitFor({ timeout: 15_000 });
    expect(await dialog.count()).toBe(0);

    // The request keeps the version of the terms she accepted.
    expect(await myRequests(page)).toEqual([
      { appId: 'napari', status: 'pending', acceptedTerms: '2026-11' },
    ]);
    await expectCleanAndClose(context, watched);
  });
});

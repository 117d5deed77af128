import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSmtpTestServer,
  type ReceivedMail,
} from '../src/server/outbox/test-support/smtp-test-server.js';
import { axeViolations } from './support/axe.js';
import { expectCleanAndClose, waitUntilInteractive, watch } from './support/browser.js';
import { signInDirectly } from './support/demo-login.js';
import { usePortalAndBrowser } from './support/suite.js';

// "Report a problem" end to end (docs/networks.md, "Reporting a problem"): a person signed in on
// campus opens the dialog from Galaxy's card, sends a message, reads the confirmation, and the
// portal's outbox delivers the mail to a real SMTP server with the app, its status and the
// network's name, never the reporter's address. As in networks.e2e.ts, the browser reaches the
// portal from 127.0.0.1, a trusted proxy here, and says where it is with X-Forwarded-For.

const CLIENT = '10.1.2.3';
const CATALOG = `networks:
  - id: campus
    name: Campus network
    ranges: ['10.0.0.0/8']
apps:
  - id: galaxy
    name: Galaxy
    description: Workflows for data analysis.
    link: https://galaxy.example.edu/
    isPublic: true
    links: [{ kind: support, url: 'mailto:galaxy-help@example.edu', label: Galaxy team }]
  - id: wiki
    name: Wiki
    description: The lab's notes.
    link: https://wiki.example.edu/
    isPublic: true
    links: [{ kind: support, url: 'https://help.example.edu/wiki' }]
`;
const catalogDir = mkdtempSync(join(tmpdir(), 'portal-e2e-report-'));
writeFileSync(join(catalogDir, 'catalog.yaml'), CATALOG);

// The SMTP server first: the portal's environment names it.
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp.close();
  rmSync(catalogDir, { recursive: true, force: true });
});

const suite = usePortalAndBrowser(() => ({
  CATALOG_FILE: join(catalogDir, 'catalog.yaml'),
  TRUSTED_PROXIES: '127.0.0.1,::1',
  SMTP_URL: smtp.url,
  MAIL_FROM: 'App Portal <portal@example.edu>',
}));

async function mailTo(address: string, timeoutMs = 30_000): Promise<ReceivedMail> {
  const started = Date.now();
  for (;;) {
    const found = smtp.received.find((mail) => mail.to.includes(address));
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Report a problem', () => {
  it('sends a report from the card to the support address, with the status and the network, never the address', async () => {
    const context = await suite.browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': CLIENT },
    });
    await context.route(
      (url) => url.hostname.endsWith('.example.edu'),
      (route) => route.abort(),
    );
    const watched = await watch(context);
    const page = await context.newPage();
    await signInDirectly(page, suite.portal.url, 'alice');
    await waitUntilInteractive(page);

    // Only the app with a support e-mail address has the control.
    const wiki = page.getByRole('article', { name: 'Wiki' });
    expect(await wiki.getByRole('button', { name: /^Report a problem/ }).count()).toBe(0);
    const galaxy = page.getByRole('article', { name: 'Galaxy' });
    // From the keyboard: focus the button, Enter; the focus goes to the message.
    await galaxy.getByRole('button', { name: 'Report a problem with Galaxy' }).focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Report a problem with Galaxy' });
    const message = dialog.getByLabel('What went wrong?');
    await expect
      .poll(() => message.evaluate((field) => field === document.activeElement))
      .toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await message.fill('The upload page hangs at 99 %.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => galaxy.getByRole('status').textContent())
      .toBe('Your report was sent to the people who run Galaxy.');
    expect(await dialog.count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const mail = await mailTo('galaxy-help@example.edu');
    expect(mail.subject).toContain('Galaxy');
    expect(mail.raw).toMatch(/^Reply-To: alice@example\.edu\r?$/im);
    expect(mail.decoded).toContain('Galaxy');
    expect(mail.decoded).toContain('The portal shows Galaxy as: unknown.');
    expect(mail.decoded).toContain('Sent from: Campus network.');
    expect(mail.decoded).toContain('alice@example.edu');
    expect(mail.decoded).toContain('The upload page hangs at 99 %.');
    expect(mail.raw).not.toContain(CLIENT);
    expect(mail.decoded).not.toContain(CLIENT);
    await expectCleanAndClose(context, watched);
  });
});

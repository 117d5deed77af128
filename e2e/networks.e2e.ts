import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { expectCleanAndClose, waitUntilInteractive, watch } from './support/browser.js';
import { signInDirectly } from './support/demo-login.js';
import { usePortalAndBrowser } from './support/suite.js';

// Links that work from where the visitor is (docs/networks.md): the same catalog seen from
// campus and from outside. The browser reaches the portal from 127.0.0.1, a trusted proxy here
// (TRUSTED_PROXIES), and says where it is through X-Forwarded-For: 10.1.2.3 on campus,
// 198.51.100.7 outside. Galaxy answers only on campus; the wiki on campus and publicly.

const INTERNAL = 'intra-campus.example.edu';
const CATALOG = `networks:
  - id: campus
    name: Campus network
    ranges: ['10.0.0.0/8']
    help: https://it.example.edu/vpn
    helpText: Off campus, connect to the VPN first.
apps:
  - id: galaxy
    name: Galaxy
    description: Workflows for data analysis.
    link: ''
    isPublic: true
    addresses: [{ network: campus, url: 'https://galaxy.${INTERNAL}/' }]
    links: [{ kind: support, url: 'mailto:galaxy-help@example.edu', label: Galaxy team }]
  - id: wiki
    name: Wiki
    description: The lab's notes.
    link: https://wiki.example.edu/
    isPublic: true
    addresses: [{ network: campus, url: 'https://wiki.${INTERNAL}/' }]
`;
const catalogDir = mkdtempSync(join(tmpdir(), 'portal-e2e-networks-'));
writeFileSync(join(catalogDir, 'catalog.yaml'), CATALOG);
afterAll(() => rmSync(catalogDir, { recursive: true, force: true }));

const suite = usePortalAndBrowser({
  CATALOG_FILE: join(catalogDir, 'catalog.yaml'),
  TRUSTED_PROXIES: '127.0.0.1,::1',
});

async function browserFrom(
  client: string,
  js: boolean,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<BrowserContext> {
  const context = await suite.browser.newContext({
    javaScriptEnabled: js,
    extraHTTPHeaders: { 'x-forwarded-for': client },
    storageState,
  });
  await context.route(
    (url) => url.hostname.endsWith('.example.edu'),
    (route) => route.abort(),
  );
  return context;
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

async function expectCampus(page: Page) {
  await expect
    .poll(() =>
      card(page, 'Galaxy').getByRole('link', { name: 'Open Galaxy' }).getAttribute('href'),
    )
    .toBe(`https://galaxy.${INTERNAL}/`);
  expect(
    await card(page, 'Wiki').getByRole('link', { name: 'Open Wiki' }).getAttribute('href'),
  ).toBe(`https://wiki.${INTERNAL}/`);
  expect(await card(page, 'Galaxy').textContent()).not.toContain('Only on');
}

async function expectOutside(page: Page) {
  const galaxy = card(page, 'Galaxy');
  await expect.poll(() => galaxy.textContent()).toContain('Only on Campus network');
  expect(await galaxy.getByRole('link', { name: /^Open/ }).count()).toBe(0);
  expect(await galaxy.getByRole('link', { name: 'How to connect' }).getAttribute('href')).toBe(
    'https://it.example.edu/vpn',
  );
  expect(
    await galaxy.getByRole('link', { name: 'Galaxy team (Galaxy)' }).getAttribute('href'),
  ).toBe('mailto:galaxy-help@example.edu');
  expect(
    await card(page, 'Wiki').getByRole('link', { name: 'Open Wiki' }).getAttribute('href'),
  ).toBe('https://wiki.example.edu/');
  expect(await page.content()).not.toContain(INTERNAL);
}

describe('the same catalog from campus and from outside', () => {
  it('shows a person signed in on campus the campus addresses, on the server-rendered page and after hydration', async () => {
    const context = await browserFrom('10.1.2.3', true);
    const watched = await watch(context);
    const page = await context.newPage();
    await signInDirectly(page, suite.portal.url, 'alice');
    await waitUntilInteractive(page);
    await page.waitForLoadState('networkidle');
    await expectCampus(page);

    // The same session without JavaScript: the server's page already has them.
    const plain = await browserFrom('10.1.2.3', false, await context.storageState());
    const first = await plain.newPage();
    await first.goto(suite.portal.url);
    await expectCampus(first);
    await plain.close();
    await expectCleanAndClose(context, watched);
  });

  it('never gives an anonymous visitor on campus an internal address', async () => {
    const plain = await browserFrom('10.1.2.3', false);
    const page = await plain.newPage();
    await page.goto(suite.portal.url);
    await expectOutside(page);
    await plain.close();
  });

  it('shows outside "Only on Campus network" with how to connect, and no internal address', async () => {
    const plain = await browserFrom('198.51.100.7', false);
    const first = await plain.newPage();
    await first.goto(suite.portal.url);
    await expectOutside(first);
    await plain.close();

    const context = await browserFrom('198.51.100.7', true);
    const watched = await watch(context);
    const page = await context.newPage();
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/apps') bodies.push(response.text());
    });
    await page.goto(suite.portal.url);
    await waitUntilInteractive(page);
    await page.waitForLoadState('networkidle');
    await expectOutside(page);
    for (const body of await Promise.all(bodies)) expect(body).not.toContain(INTERNAL);
    await expectCleanAndClose(context, watched);
  });
});

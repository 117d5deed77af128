// Decision 0057: the home page makes no `Intl` object while it loads and hydrates, anonymous or
// signed in, with statuses, history strips and a notice on it: the first costs the browser
// 40-120 ms of its language data. The server writes what the page shows before the visitor's
// first interaction (the notice's period, the uptimes' digits); the texts only the browser's
// Intl writes (since when, response times) come with that interaction.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import type { HistoryState } from '../src/shared/status/history.js';
import { expectCleanAndClose, launchBrowser, watch, type Watched } from './support/browser.js';
import { signInDirectly } from './support/demo-login.js';
import { startPortal, type PortalServer } from './support/server.js';

const GALAXY = 'https://galaxy.mmge.example.edu/';
const WIKI = 'https://wiki.mmge.example.edu/';
const IGV = 'https://igv.mmge.example.edu/';
const MIN = 60_000;

/** Kuma's metrics: Galaxy down, the wiki in maintenance, IGV up. */
const METRICS = [
  ['1', 'Galaxy', GALAXY, 0],
  ['2', 'Wiki', WIKI, 3],
  ['3', 'IGV', IGV, 1],
]
  .map(([id, name, url, status]) => {
    const labels = `monitor_id="${id}",monitor_name="${name}",monitor_type="http",monitor_url="${url}",monitor_hostname="null",monitor_port="null"`;
    return `monitor_status{${labels}} ${status}`;
  })
  .concat('')
  .join('\n');

/** The status page: the wiki's maintenance, in force from 30 minutes ago for two hours. */
function statusPage() {
  const now = Date.now();
  return {
    config: { slug: 'lab', title: 'Lab status' },
    incident: null,
    publicGroupList: [],
    maintenanceList: [
      {
        id: 5,
        title: 'Wiki upgrade',
        description: 'The wiki is read-only during the upgrade.',
        strategy: 'single',
        active: true,
        status: 'under-maintenance',
        timeslotList: [
          {
            startDate: new Date(now - 30 * MIN).toISOString(),
            endDate: new Date(now + 90 * MIN).toISOString(),
          },
        ],
      },
    ],
  };
}

/** A catalog (two public apps, one for /genomics: alice) and a history: Galaxy down for 10 min. */
async function seededDataDir(): Promise<{ dataDir: string; catalogFile: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-intl-'));
  const catalogFile = join(dataDir, 'catalog.json');
  const app = (id: string, name: string, link: string, isPublic: boolean) => ({
    id,
    name,
    description: `${name} of the lab.`,
    link,
    env: 'prod',
    category: 'apps',
    isPublic,
    ...(isPublic ? {} : { associatedGroups: ['genomics'] }),
  });
  writeFileSync(
    catalogFile,
    JSON.stringify({
      apps: [
        app('galaxy', 'Galaxy', GALAXY, true),
        app('wiki', 'Lab Wiki', WIKI, true),
        app('igv', 'IGV', IGV, false),
      ],
    }),
  );
  const db = openDatabase(join(dataDir, 'portal.db'));
  await migrateToLatest(db);
  const now = Date.now();
  const change = (appId: string, state: HistoryState, since: number, until: number | null) => ({
    appId,
    state,
    since,
    until,
    source: 'uptime-kuma',
    responseMs: null,
  });
  await db
    .insertInto('statusChanges')
    .values([
      change('galaxy', 'up', now - 3 * 24 * 60 * MIN, now - 10 * MIN),
      change('galaxy', 'down', now - 10 * MIN, null),
      change('wiki', 'up', now - 2 * 24 * 60 * MIN, now - 30 * MIN),
      change('wiki', 'maintenance', now - 30 * MIN, null),
      change('igv', 'up', now - 5 * 24 * 60 * MIN, null),
    ])
    .execute();
  await db.destroy();
  return { dataDir, catalogFile };
}

let kuma: Server;
let portal: PortalServer;
let browser: Browser;

beforeAll(async () => {
  kuma = createServer((req, res) => {
    if (req.url === '/metrics') {
      return void res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(METRICS);
    }
    if (req.url === '/api/status-page/lab') {
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(statusPage()));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => kuma.listen(0, '127.0.0.1', resolve));
  const { port } = kuma.address() as { port: number };
  const { dataDir, catalogFile } = await seededDataDir();
  [portal, browser] = await Promise.all([
    startPortal({
      UPTIME_KUMA_URL: `http://127.0.0.1:${port}`,
      UPTIME_KUMA_STATUS_PAGE: 'lab',
      DATA_DIR: dataDir,
      CATALOG_FILE: catalogFile,
      DEMO_CATALOG: 'false',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  kuma?.closeAllConnections();
  await new Promise((resolve) => kuma?.close(resolve));
});

/**
 * Runs in the page before its own scripts: every Intl constructor (called with or without
 * `new`) and the locale methods of Date and Number that make one inside are counted, each call
 * with the stack that made it, in `window.__intlCalls`.
 */
function countIntl() {
  const calls: string[] = [];
  (window as unknown as { __intlCalls: string[] }).__intlCalls = calls;
  const note = (name: string) => {
    const stack = (new Error().stack ?? '').split('\n').slice(3, 8).join('\n');
    calls.push(`${name}\n${stack}`);
  };
  const intl = Intl as unknown as Record<string, unknown>;
  for (const name of [
    'Collator',
    'DateTimeFormat',
    'NumberFormat',
    'PluralRules',
    'RelativeTimeFormat',
    'ListFormat',
    'Segmenter',
    'DisplayNames',
    'Locale',
  ]) {
    const original = intl[name];
    if (typeof original !== 'function') continue;
    const Original = original as new (...args: unknown[]) => object;
    intl[name] = new Proxy(Original, {
      construct(target, args, newTarget: new (...args: unknown[]) => object) {
        note(name);
        return Reflect.construct(target, args, newTarget === intl[name] ? target : newTarget);
      },
      apply(target, self, args) {
        note(name);
        return Reflect.apply(target, self, args) as unknown;
      },
    });
  }
  const wrap = (prototype: object, key: string, name: string) => {
    const methods = prototype as Record<string, unknown>;
    const original = methods[key] as (...args: unknown[]) => unknown;
    methods[key] = function (this: unknown, ...args: unknown[]) {
      note(name);
      return original.apply(this, args);
    };
  };
  wrap(Date.prototype, 'toLocaleString', 'Date#toLocaleString');
  wrap(Date.prototype, 'toLocaleDateString', 'Date#toLocaleDateString');
  wrap(Date.prototype, 'toLocaleTimeString', 'Date#toLocaleTimeString');
  wrap(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
  // What the page takes for an interaction (use-interacted.ts): an untouched page has none, and
  // should one come (from the browser itself), the failure says so.
  for (const type of ['pointerdown', 'pointerover', 'keydown', 'focusin', 'touchstart']) {
    document.addEventListener(type, (event) => note(`(${type} on ${String(event.target)})`), true);
  }
}

const intlCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __intlCalls: string[] }).__intlCalls);

/** The console's errors of the context's pages (a hydration mismatch is said there). */
const consoleErrors: string[] = [];

/** A context whose pages count their Intl objects from their first script on. */
async function countingContext(): Promise<{ context: BrowserContext; watched: Watched }> {
  // Away from UTC: the notice's period stays in UTC all the same (status-text.ts).
  const context = await browser.newContext({ timezoneId: 'Europe/Berlin' });
  await context.addInitScript(countIntl);
  // The apps' own hosts do not exist: never asked.
  await context.route(
    (url) => url.hostname.endsWith('.example.edu'),
    (route) => route.abort(),
  );
  context.on('page', (page) =>
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    }),
  );
  return { context, watched: await watch(context) };
}

/**
 * Loads the home page without touching it and waits for its states, never for a time: the last
 * part hydrated (`portal:hydrated`), the statuses from the first poll on the cards, the strips
 * with their uptimes, the notice's period.
 */
async function loadUntouched(page: Page): Promise<void> {
  await page.goto(portal.url);
  await page.waitForFunction(() => performance.getEntriesByName('portal:hydrated').length > 0);
  const galaxy = page.getByRole('article', { name: 'Galaxy' });
  await galaxy.getByRole('img', { name: 'Down' }).waitFor();
  const strip = galaxy.getByRole('button', { name: /^Status history of Galaxy/ });
  await expect.poll(() => strip.textContent()).toMatch(/up \d+(\.\d+)?% of the time/);
  await page.getByRole('article', { name: 'Lab Wiki' }).locator('[data-maintenance]').waitFor();
}

/** The notice's period as the page shows it. */
const period = (page: Page) =>
  page.getByRole('region', { name: 'Notices' }).locator('p.text-sm').textContent();

describe('no Intl object before the first interaction (decision 0057)', () => {
  it('anonymous: none while loading and hydrating; the first click on a strip makes them', async () => {
    const { context, watched } = await countingContext();
    const page = await context.newPage();
    await loadUntouched(page);
    expect(await intlCalls(page)).toEqual([]);
    expect(consoleErrors.filter((text) => /hydration/i.test(text))).toEqual([]);

    // What the server wrote stays: the period in UTC, the uptime in its digits.
    const shownPeriod = await period(page);
    expect(shownPeriod).toMatch(/^\w+ \d+, \d\d:\d\d UTC – \w+ \d+, \d\d:\d\d UTC$/);
    const galaxy = page.getByRole('article', { name: 'Galaxy' });
    const strip = galaxy.getByRole('button', { name: /^Status history of Galaxy/ });
    expect(await strip.textContent()).toMatch(/^Status history of Galaxy\. Last 24 hours: up /);
    // The uptime is all the strip says before the interaction: no durations yet.
    expect(await strip.textContent()).not.toMatch(/Down for/);

    // A click is an interaction: the texts only Intl writes come now, from the clock.
    await strip.click();
    await page.getByRole('region', { name: 'Status history of Galaxy' }).waitFor();
    await expect.poll(() => strip.textContent()).toMatch(/Down for 1[01] min/);
    expect(await galaxy.locator('[data-tip^="Down"]').getAttribute('data-tip')).toMatch(
      /^Down for 1[01] min/,
    );
    // The period, in UTC as every page says it, is still the server's text.
    expect(await period(page)).toBe(shownPeriod);
    expect((await intlCalls(page)).length).toBeGreaterThan(0);
    await expectCleanAndClose(context, watched);
  });

  it('signed in: none while loading and hydrating either; a key press makes them', async () => {
    const { context, watched } = await countingContext();
    // Signing in clicks and types on pages of its own; the counted page is a new, untouched one.
    const signIn = await context.newPage();
    await signInDirectly(signIn, portal.url, 'alice');
    await signIn.close();
    const page = await context.newPage();
    await loadUntouched(page);
    const igv = page.getByRole('article', { name: 'IGV' });
    await igv.getByRole('img', { name: 'Up & Running' }).waitFor();
    expect(await intlCalls(page)).toEqual([]);

    await page.keyboard.press('Tab');
    await expect
      .poll(() => igv.locator('[data-tip^="Up & Running"]').getAttribute('data-tip'))
      .toMatch(/^Up & Running since \w+ \d+/);
    expect((await intlCalls(page)).length).toBeGreaterThan(0);
    await expectCleanAndClose(context, watched);
  });
});

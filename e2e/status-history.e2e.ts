import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripState } from '../src/shared/status/describe.js';
import { openDatabase } from '../src/server/db/database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { axeViolations } from './support/axe.js';
import { launchBrowser, watch } from './support/browser.js';
import { startPortal, type PortalServer } from './support/server.js';

const GALAXY = 'https://galaxy.mmge.example.edu/';
const WIKI = 'https://wiki.mmge.example.edu/';
const MIN = 60_000;

/** Kuma 2.x metrics: Galaxy down (for ten minutes, says the seeded history), the wiki in maintenance. */
const METRICS = [
  '# HELP monitor_status Monitor Status (1 = UP, 0= DOWN, 2= PENDING, 3= MAINTENANCE)',
  '# TYPE monitor_status gauge',
  `monitor_status{monitor_id="1",monitor_name="Galaxy",monitor_type="http",monitor_url="${GALAXY}",monitor_hostname="null",monitor_port="null"} 0`,
  `monitor_status{monitor_id="2",monitor_name="Wiki",monitor_type="http",monitor_url="${WIKI}",monitor_hostname="null",monitor_port="null"} 3`,
  '',
].join('\n');

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
        description: 'The wiki is <b>read-only</b> during the upgrade.',
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

let kuma: Server;
let portal: PortalServer;
let browser: Browser;

/** A data folder with a catalog file and a database whose history says Galaxy went down 10 min ago. */
async function seededDataDir(): Promise<{ dataDir: string; catalogFile: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-history-'));
  const catalogFile = join(dataDir, 'catalog.json');
  writeFileSync(
    catalogFile,
    JSON.stringify({
      apps: [
        {
          id: 'galaxy',
          name: 'Galaxy',
          description: 'Genomics workflows.',
          link: GALAXY,
          env: 'prod',
          category: 'apps',
          isPublic: true,
        },
        {
          id: 'wiki',
          name: 'Lab Wiki',
          description: 'Protocols.',
          link: WIKI,
          env: 'prod',
          category: 'apps',
          isPublic: true,
        },
      ],
    }),
  );
  const db = openDatabase(join(dataDir, 'portal.db'));
  await migrateToLatest(db);
  const now = Date.now();
  await db
    .insertInto('statusChanges')
    .values([
      {
        appId: 'galaxy',
        state: 'up',
        since: now - 3 * 24 * 60 * MIN,
        until: now - 10 * MIN,
        source: 'uptime-kuma',
        responseMs: null,
      },
      {
        appId: 'galaxy',
        state: 'down',
        since: now - 10 * MIN,
        until: null,
        source: 'uptime-kuma',
        responseMs: null,
      },
      {
        appId: 'wiki',
        state: 'up',
        since: now - 2 * 24 * 60 * MIN,
        until: now - 30 * MIN,
        source: 'uptime-kuma',
        responseMs: null,
      },
      {
        appId: 'wiki',
        state: 'maintenance',
        since: now - 30 * MIN,
        until: null,
        source: 'uptime-kuma',
        responseMs: null,
      },
    ])
    .execute();
  await db.destroy();
  return { dataDir, catalogFile };
}

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

describe('status history on the cards', () => {
  it('says a card went down 10 minutes ago and shows the red tail; the panel is axe-clean', async () => {
    const context = await browser.newContext();
    const watched = await watch(context);
    const page = await context.newPage();
    await page.goto(portal.url);

    const card = page.getByRole('article', { name: 'Galaxy' });
    await expect
      .poll(() => card.getByRole('img', { name: 'Down' }).count(), { timeout: 10_000 })
      .toBe(1);
    // Since when is written once the visitor interacts (no Intl object before: decision 0057); a
    // tooltip needs a hover first anyway.
    const mark = card.locator('[data-tip^="Down"]');
    await mark.hover();
    await expect.poll(() => mark.getAttribute('data-tip')).toMatch(/^Down for 1[01] min$/);

    const strip = card.getByRole('button', { name: /^Status history of Galaxy/ });
    await strip.waitFor({ timeout: 10_000 });
    expect(await strip.getAttribute('aria-label')).toBeNull();
    const name = await strip.evaluate((element) => element.textContent ?? '');
    expect(name).toMatch(/Down for 1[01] min/);
    expect(name).toMatch(/Latest period: down\./);
    // The bars are painted from the strip's text (styles.css `.app-strip`), one state a letter.
    const states = [...((await strip.getAttribute('data-strip')) ?? '')].map(stripState);
    expect(states).toHaveLength(48);
    expect(states.at(-1)).toBe('down');
    expect(states.at(0)).toBe('up');

    await strip.click();
    const panel = page.getByRole('region', { name: 'Status history of Galaxy' });
    await panel.getByRole('listitem').first().waitFor({ timeout: 10_000 });
    expect(await panel.getByRole('listitem').first().textContent()).toMatch(
      /^Down from .* until now/,
    );
    await panel.getByRole('button', { name: '7 days' }).click();
    await panel.getByText(/^Last 7 days/).waitFor();

    expect(await axeViolations(page)).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
    expect(watched.cspViolations).toEqual([]);
    await context.close();
  });

  it('shows the maintenance banner, marks the card, and the banner can be dismissed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(portal.url);

    const banner = page.getByRole('region', { name: 'Notices' });
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toContain('Maintenance: Wiki upgrade');
    // The text is plain text: the markup's tags were removed, and nothing is rendered as HTML.
    expect(await banner.textContent()).toContain('The wiki is read-only during the upgrade.');
    expect(await banner.locator('b').count()).toBe(0);

    const wiki = page.getByRole('article', { name: 'Lab Wiki' });
    await wiki.locator('[data-maintenance="true"]').waitFor();

    await banner.getByRole('button', { name: /^Dismiss the notice/ }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('article', { name: 'Lab Wiki' }).locator('[data-maintenance]').waitFor();
    expect(await page.getByRole('region', { name: 'Notices' }).count()).toBe(0);
    await context.close();
  });
});

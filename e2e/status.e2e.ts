import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watch } from './support/browser.js';
import { startPortal, type PortalServer } from './support/server.js';

/** Public demo apps and the state a fake Uptime Kuma reports for each (by their monitor URL). */
const STATES: [name: string, monitorUrl: string, code: number, label: string][] = [
  ['Galaxy', 'https://galaxy.mmge.example.edu/', 1, 'Up & Running'],
  ['JupyterHub', 'https://jupyter.mmge.example.edu', 0, 'Down'], // matched by the normalised URL
  ['IGV Web', 'HTTPS://WWW.igv.mmge.example.edu/', 2, 'Pending'],
  ['Lab Wiki', 'https://wiki.mmge.example.edu/', 3, 'Maintenance'],
];

function metrics(): string {
  const line = (i: number, url: string, code: number) =>
    `monitor_status{monitor_id="${i}",monitor_name="m${i}",monitor_type="http",monitor_url="${url}",monitor_hostname="null",monitor_port="null"} ${code}`;
  return [
    '# HELP monitor_status Monitor Status (1 = UP, 0= DOWN, 2= PENDING, 3= MAINTENANCE)',
    '# TYPE monitor_status gauge',
    ...STATES.map(([, url, code], i) => line(i, url, code)),
    // Internal monitors that match no app, and a restricted app's URL: never shown anonymously.
    line(90, 'https://internal-db.mmge.example.edu/', 0),
    line(91, 'https://rstudio.mmge.example.edu/', 0),
    '',
  ].join('\n');
}

let kuma: Server;
let portal: PortalServer;
let browser: Browser;

beforeAll(async () => {
  kuma = createServer((req, res) => {
    if (req.url !== '/metrics') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(metrics());
  });
  await new Promise<void>((resolve) => kuma.listen(0, '127.0.0.1', resolve));
  const { port } = kuma.address() as { port: number };
  portal = await startPortal({ UPTIME_KUMA_URL: `http://127.0.0.1:${port}` });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  kuma?.closeAllConnections();
  await new Promise((resolve) => kuma?.close(resolve));
});

describe('app status from Uptime Kuma', () => {
  it('shows each card’s state from the monitor, and Unknown without data', async () => {
    const context = await browser.newContext();
    const watched = await watch(context);
    const page = await context.newPage();
    await page.goto(portal.url);

    for (const [name, , , label] of STATES) {
      const card = page.getByRole('article', { name });
      await expect
        .poll(() => card.getByRole('img', { name: label }).count(), { timeout: 10_000 })
        .toBe(1);
      // The tooltip starts with the label (then says since when: "Down for 2 min").
      expect(await card.locator(`[data-tip^="${label}"]`).count()).toBe(1);
    }
    // A public app Kuma does not watch.
    const helpDesk = page.getByRole('article', { name: 'Help Desk' });
    expect(await helpDesk.getByRole('img', { name: 'Unknown' }).count()).toBe(1);

    // Anonymous callers get status only for public apps' links; internal monitors never leak.
    const statuses = (await (await fetch(`${portal.url}/api/monitor-status`)).json()) as {
      url: string;
    }[];
    const urls = statuses.map((item) => item.url).join(' ');
    expect(urls).not.toContain('internal-db');
    expect(urls).not.toContain('rstudio');
    expect(statuses).toHaveLength(STATES.length);

    expect(watched.pageErrors).toEqual([]);
    expect(watched.cspViolations).toEqual([]);
    await context.close();
  });
});

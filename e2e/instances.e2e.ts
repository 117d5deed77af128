import { createServer, request as forward, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  type PostgresTestDatabase,
} from '../src/server/db/test-support/test-database.js';
import { catalogNames, launchBrowser, watch } from './support/browser.js';
import { freePort, startPortal, type PortalServer } from './support/server.js';

// Two built portals on one PostgreSQL database behind a round-robin proxy, as behind a load
// balancer without sticky sessions (docs/deploy.md, "Several instances"): a person signs in,
// favorites an app and reloads; each answer may come from either instance and they all agree.

interface RoundRobinProxy {
  url: string;
  /** The instances' ports; `/dev-idp/*` always goes to the first (see below). */
  targets: number[];
  /** API requests answered per target port. */
  apiServed: Map<number, number>;
  close(): Promise<void>;
}

/**
 * A tiny HTTP load balancer on loopback: each request goes to the next instance in turn, with
 * its headers unchanged (so the portal sees the proxy's host, its PUBLIC_URL). Only the demo
 * identity provider is sticky to the first instance: it is a stand-in for an external provider
 * and keeps its sign-in codes in that one process's memory, while the portal's own sign-in
 * state (under /auth) lives in the database and is deliberately spread over both.
 */
async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  const port = await freePort();
  let next = 0;
  const proxy: RoundRobinProxy = {
    url: `http://127.0.0.1:${port}`,
    targets: [],
    apiServed: new Map(),
    close: () => close(server),
  };
  const server: Server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    const target = path.startsWith('/dev-idp/')
      ? proxy.targets[0]
      : proxy.targets[next++ % proxy.targets.length];
    if (path.startsWith('/api/') && target !== undefined) {
      proxy.apiServed.set(target, (proxy.apiServed.get(target) ?? 0) + 1);
    }
    const upstream = forward(
      { host: '127.0.0.1', port: target, method: incoming.method, path, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return proxy;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

let database: PostgresTestDatabase | undefined;
let proxy: RoundRobinProxy | undefined;
const portals: PortalServer[] = [];
let browser: Browser | undefined;

beforeAll(async () => {
  [database, proxy, browser] = await Promise.all([
    createPostgresDatabase('portal_e2e_instances'),
    startRoundRobinProxy(),
    launchBrowser(),
  ]);
  const env = { DATABASE_URL: database.url, PUBLIC_URL: proxy.url, DEMO_IDP: 'true' };
  // One after the other: the first migrates the database and loads the demo catalog, and the
  // second finds the demo identity provider (on the first, through the proxy) at start-up.
  portals.push(await startPortal(env));
  proxy.targets.push(portals[0]?.port ?? 0);
  portals.push(await startPortal(env));
  proxy.targets.push(portals[1]?.port ?? 0);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(portals.map((portal) => portal.stop()));
  await proxy?.close();
  await database?.drop();
});

describe('two instances on one PostgreSQL database behind a round-robin balancer', () => {
  it('signs in, keeps a favorite and shows the same apps whichever instance answers', async () => {
    if (!browser || !proxy) throw new Error('not started');
    const url = proxy.url;
    const context = await browser.newContext();
    await context.route(
      (target) => target.hostname.endsWith('.example.edu'),
      (route) => route.abort(),
    );
    const watched = await watch(context);
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((target) => target.pathname.startsWith('/dev-idp/'));
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${url}/`, { timeout: 15_000 });
    const hello = page.getByRole('button', { name: 'Hello, Alice' });
    await hello.waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'RStudio Server' }).first().waitFor();
    const names = await catalogNames(page);
    expect(names.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Add RStudio Server to favorites' }).click();
    const favorites = page.getByRole('region', { name: 'Favorites' });
    await favorites.waitFor();

    const servedBefore = new Map(proxy.apiServed);
    for (let reload = 0; reload < 4; reload += 1) {
      await page.reload();
      await hello.waitFor({ timeout: 15_000 });
      await expect
        .poll(() => favorites.getByRole('article').locator('h3').allTextContents(), {
          timeout: 15_000,
        })
        .toEqual(['RStudio Server']);
      await expect.poll(() => catalogNames(page), { timeout: 15_000 }).toEqual(names);
    }
    // The reloads' API answers came from both instances.
    for (const port of proxy.targets) {
      expect((proxy.apiServed.get(port) ?? 0) - (servedBefore.get(port) ?? 0)).toBeGreaterThan(0);
    }

    expect(watched.cspViolations).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
    await context.close();
  });
});

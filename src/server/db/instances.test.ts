import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../scripts/lib/net.mjs';
import { createTestBrowser } from '../auth/test-support/test-browser.js';
import { startMain, type RunningMain, PROCESS_TEST_TIMEOUT_MS } from '../test-support/run-main.js';
import { createPostgresDatabase, type PostgresTestDatabase } from './test-support/test-database.js';

// Each test starts the real server in a child process (TypeScript compiled on the fly).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT_MS });

// Two real portal processes on one PostgreSQL database, as behind a load balancer without
// sticky sessions (docs/deploy.md). Both have the same PUBLIC_URL (the balancer's address); the
// test talks to each instance directly.

interface Instance {
  origin: string;
  server: RunningMain;
}

let database: PostgresTestDatabase;
let dataDir: string;
let publicUrl: string;
const running: RunningMain[] = [];

async function start(port: number): Promise<Instance> {
  const server = startMain({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DEMO_IDP: 'true',
    MONITOR_PROBE: 'false',
    NODE_ENV: 'development',
  });
  running.push(server);
  await server.ready;
  return { origin: `http://127.0.0.1:${port}`, server };
}

let a: Instance;
let b: Instance;

beforeAll(async () => {
  database = await createPostgresDatabase('portal_instances');
  dataDir = mkdtempSync(join(tmpdir(), 'portal-instances-'));
  const portA = await freePort();
  publicUrl = `http://127.0.0.1:${portA}`;
  // A first: it migrates and loads the demo catalog; B finds both done.
  a = await start(portA);
  b = await start(await freePort());
}, 90_000);

afterAll(async () => {
  for (const server of running) {
    server.signal('SIGKILL');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
}, 30_000);

/** Signs `username` in on instance A through the demo IdP; returns the portal's cookie header. */
async function signIn(username: string): Promise<string> {
  const browser = createTestBrowser({ app: undefined as never, origin: 'http://unused.invalid' });
  const page = await browser.follow(await browser.get(`${a.origin}/auth/login?returnTo=/`));
  expect(page.status).toBe(200);
  const { action, fields } = browser.form(page.body);
  const done = await browser.follow(
    await browser.post(new URL(action, page.url).href, { ...fields, username, password: username }),
    (response) => response.url.startsWith(`${publicUrl}/auth/callback`),
  );
  expect(done.location).toBe(`${publicUrl}/`);
  return cookieHeaderOf(browser, publicUrl);
}

function cookieHeaderOf(browser: ReturnType<typeof createTestBrowser>, origin: string): string {
  const names: string[] = [];
  const copy = {
    setCookie: (_origin: string, name: string, value: string) => names.push(`${name}=${value}`),
  };
  browser.shareCookies(origin, copy);
  return names.join('; ');
}

async function api(
  instance: Instance,
  path: string,
  options: {
    method?: string;
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.method && options.method !== 'GET') headers.origin = publicUrl;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${instance.origin}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

describe('two portal instances on one PostgreSQL database', () => {
  it('share users and favorites: sign in on A, favorite on B, read on A', async () => {
    const cookie = await signIn('alice');
    const apps = (await api(b, '/api/apps', { cookie })).body as { items: { id: string }[] };
    const appId = apps.items[0]?.id ?? '';
    expect(appId).not.toBe('');
    const put = await api(b, `/api/me/favorites/${appId}`, { method: 'PUT', cookie });
    expect(put.status).toBeLessThan(300);
    const me = (await api(a, '/api/me', { cookie })).body as { favorites?: string[] };
    expect(JSON.stringify(me)).toContain(appId);
  });

  it('serve an admin edit made on A from B within a second', async () => {
    const cookie = await signIn('admin');
    const list = (await api(a, '/api/admin/apps', { cookie })).body as {
      items: { id: string; version: number }[];
    };
    const target = list.items[0];
    expect(target).toBeDefined();
    // B has served the catalog once: it is in its memory.
    expect((await api(b, '/api/apps', { cookie })).status).toBe(200);
    const name = `Renamed ${Date.now()}`;
    const patch = await api(a, `/api/admin/apps/${target?.id}`, {
      method: 'PATCH',
      cookie,
      body: { name, version: target?.version },
    });
    expect(patch.status).toBe(200);
    const changedAt = Date.now();
    let seenAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - changedAt < 3000) {
      const apps = (await api(b, '/api/apps?perPage=100', { cookie })).body as {
        items: { name: string }[];
      };
      if (apps.items.some((app) => app.name === name)) {
        seenAfter = Date.now() - changedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seenAfter).toBeLessThan(1000);
  });

  it('keep a session started on A working on B after A shuts down', async () => {
    const cookie = await signIn('bob');
    a.server.signal('SIGTERM');
    expect((await a.server.exited).code).toBe(0);
    const me = await api(b, '/api/me', { cookie });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain('Bob');
  });
});

describe('instances started at the same moment on an empty PostgreSQL database', () => {
  it('all start: one migrates and loads the catalog, the others wait for it', async () => {
    const fresh = await createPostgresDatabase('portal_instances_together');
    const dir = mkdtempSync(join(tmpdir(), 'portal-instances-together-'));
    const ports = [await freePort(), await freePort()];
    const together = ports.map((port) =>
      startMain({
        DATABASE_URL: fresh.url,
        DATA_DIR: dir,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
        MONITOR_PROBE: 'false',
        NODE_ENV: 'development',
      }),
    );
    try {
      // Before the start-up lock, one of two replicas stopped on a conflict while the other
      // loaded the demo catalog.
      await Promise.all(together.map((server) => server.ready));
      const counts = await Promise.all(
        ports.map(async (port) => {
          const response = await fetch(`http://127.0.0.1:${port}/api/apps?perPage=100`);
          return ((await response.json()) as { items: unknown[] }).items.length;
        }),
      );
      expect(counts[0]).toBeGreaterThan(0);
      expect(counts[1]).toBe(counts[0]);
    } finally {
      for (const server of together) {
        server.signal('SIGKILL');
        await server.exited;
      }
      rmSync(dir, { recursive: true, force: true });
      await fresh.drop();
    }
  });
});

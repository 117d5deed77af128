import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppsRepository } from '../catalog/apps.repository.js';
import {
  bearer,
  createTestContext,
  type TestAppSpec,
  type TestContext,
} from '../test-support/test-app.js';
import { createMonitor, type Monitor } from './monitor.js';
import { etagMatches } from './monitor.routes.js';
import { createHttpProbeSource } from './sources/http-probe.js';
import { createUptimeKumaSource } from './sources/uptime-kuma.js';
import { startFakeKuma, startLoopbackServer, type FakeKuma } from './test-support/loopback.js';

const KEY = 'uk2_routes-test';
const kumaMetrics = readFileSync(new URL('./fixtures/kuma-2.0.txt', import.meta.url), 'utf8');

const GALAXY = 'https://galaxy.mmge.example.edu/';
const JUPYTER = 'https://jupyter.mmge.example.edu';
const RSTUDIO = 'https://rstudio.mmge.example.edu/';
const WIKI = 'https://wiki.mmge.example.edu/path\\with\\backslashes';

/** Kuma knows galaxy (1), rstudio (0), www.jupyter (2), wiki (3) and an internal LIMS (1). */
const APPS: TestAppSpec[] = [
  { id: 'galaxy', isPublic: true, link: GALAXY },
  { id: 'jupyter', isPublic: true, link: JUPYTER },
  { id: 'rstudio', groups: ['genomics'], link: RSTUDIO },
  { id: 'wiki', groups: ['imaging'], link: WIKI },
  { id: 'unmonitored', isPublic: true, link: 'https://unmonitored.mmge.example.edu/' },
  { id: 'no-link', isPublic: true, link: '' },
];

const cleanups: (() => Promise<void>)[] = [];
const sharedCleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(
  options: {
    extraSources?: (ctx: () => TestContext) => Parameters<typeof createMonitor>[0]['sources'];
  } = {},
): Promise<{ ctx: TestContext; kuma: FakeKuma; monitor: Monitor }> {
  const kuma = await startFakeKuma({ apiKey: KEY, metrics: kumaMetrics });
  cleanups.push(kuma.close);
  // The monitor is built before the app, whose database its probes read.
  const holder: { ctx?: TestContext } = {};
  const current = () => holder.ctx as TestContext;
  const monitor = createMonitor({
    sources: [
      createUptimeKumaSource({ url: kuma.url, apiKey: KEY, timeoutMs: 1000 }),
      ...(options.extraSources?.(current) ?? []),
    ],
    apps: { findAll: () => createAppsRepository(current().db).findAll() },
    intervalMs: 30_000,
    dropAfterMs: 600_000,
  });
  const ctx = await createTestContext({ apps: APPS, deps: { monitor } });
  holder.ctx = ctx;
  cleanups.push(() => ctx.close());
  cleanups.push(() => monitor.stop());
  await monitor.runOnce();
  return { ctx, kuma, monitor };
}

async function statuses(ctx: TestContext, groups?: string[]) {
  const headers = groups ? bearer(await ctx.issuer.tokenFor('viewer', groups)) : {};
  const response = await ctx.app.inject({ method: 'GET', url: '/api/monitor-status', headers });
  expect(response.statusCode).toBe(200);
  return urlAndStatus(response.json());
}

/** The items without their timing fields (checked on their own below). */
function urlAndStatus(items: { url: string; status: number }[]) {
  return items.map(({ url, status }) => ({ url, status }));
}

describe('GET /api/monitor-status visibility', () => {
  let shared: TestContext;
  beforeAll(async () => {
    shared = (await setup()).ctx;
    // Kept to the end of this block (afterEach only cleans what later tests add).
    sharedCleanups.push(...cleanups.splice(0));
  });
  afterAll(async () => {
    for (const cleanup of sharedCleanups.splice(0).reverse()) await cleanup();
  });

  it('gives an anonymous caller the status of public apps only, under the app’s own link', async () => {
    const ctx = shared;
    expect(await statuses(ctx)).toEqual([
      { url: GALAXY, status: 1 },
      { url: JUPYTER, status: 2 },
    ]);
  });

  it.each<[string, string[], { url: string; status: number }[]]>([
    [
      'no groups',
      [],
      [
        { url: GALAXY, status: 1 },
        { url: JUPYTER, status: 2 },
      ],
    ],
    [
      'genomics',
      ['/genomics'],
      [
        { url: GALAXY, status: 1 },
        { url: JUPYTER, status: 2 },
        { url: RSTUDIO, status: 0 },
      ],
    ],
    [
      'imaging and genomics',
      ['imaging', 'genomics'],
      [
        { url: GALAXY, status: 1 },
        { url: JUPYTER, status: 2 },
        { url: RSTUDIO, status: 0 },
        { url: WIKI, status: 3 },
      ],
    ],
    [
      'a near-miss group',
      ['Genomics'],
      [
        { url: GALAXY, status: 1 },
        { url: JUPYTER, status: 2 },
      ],
    ],
  ])('gives a signed-in caller with %s the apps they may see', async (_label, groups, expected) => {
    const ctx = shared;
    expect(await statuses(ctx, groups)).toEqual(expected);
  });

  it('never shows a monitor URL that matches no app the caller may see', async () => {
    const ctx = shared;
    const everything = await statuses(ctx, ['genomics', 'imaging', 'lims']);
    const links = new Set(APPS.map((app) => app.link));
    expect(everything.every((item) => links.has(item.url))).toBe(true);
    expect(JSON.stringify(everything)).not.toContain('internal');
  });

  it('follows catalog changes at once', async () => {
    const { ctx } = await setup();
    expect((await statuses(ctx)).map((item) => item.url)).toContain(GALAXY);
    await ctx.seed([{ id: 'galaxy', isPublic: false, groups: ['genomics'], link: GALAXY }]);
    expect((await statuses(ctx)).map((item) => item.url)).not.toContain(GALAXY);
    await ctx.seed([{ id: 'rstudio', isPublic: true, link: RSTUDIO }]);
    expect(await statuses(ctx)).toContainEqual({ url: RSTUDIO, status: 0 });
  });

  it('gives the status of an app checked at its address on a network by id, never the address', async () => {
    const { ctx } = await setup();
    const LIMS = 'https://lims.internal.example.edu/';
    await ctx.seed([
      // Answers on the campus network only: the monitor checks it there (docs/networks.md).
      { id: 'lims', isPublic: true, link: '', addresses: [{ network: 'campus', url: LIMS }] },
      // A public link and a campus address: checked at the public link, whatever card shows.
      {
        id: 'galaxy',
        isPublic: true,
        link: GALAXY,
        addresses: [{ network: 'campus', url: 'https://galaxy.campus.example.edu/' }],
      },
    ]);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/monitor-status' });
    const items = response.json() as { id: string; url: string; status: number }[];
    expect(items.find((item) => item.id === 'lims')).toMatchObject({ url: '', status: 1 });
    expect(items.find((item) => item.id === 'galaxy')).toMatchObject({ url: GALAXY, status: 1 });
    expect(response.body).not.toContain('internal');
    expect(response.body).not.toContain('campus');
  });

  it('answers an empty list when no monitor runs', async () => {
    const ctx = await createTestContext({ apps: APPS });
    cleanups.push(() => ctx.close());
    expect(await statuses(ctx)).toEqual([]);
  });
});

describe('GET /api/monitor-status caching', () => {
  it('sends an ETag, answers 304 to a match and a new ETag after a change', async () => {
    const { ctx, kuma, monitor } = await setup();
    const first = await ctx.app.inject({ method: 'GET', url: '/api/monitor-status' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(urlAndStatus(first.json())).toEqual([
      { url: GALAXY, status: 1 },
      { url: JUPYTER, status: 2 },
    ]);

    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/monitor-status',
      headers: { 'if-none-match': `W/"other", ${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers.etag).toBe(etag);

    kuma.metrics = kumaMetrics.replace(/(monitor_name="Galaxy"[^\n]*\}) 1/g, '$1 3');
    await monitor.runOnce();
    const changed = await ctx.app.inject({
      method: 'GET',
      url: '/api/monitor-status',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(urlAndStatus(changed.json())).toContainEqual({ url: GALAXY, status: 3 });
  });

  it('says when each status was checked, and marks it stale while its source fails', async () => {
    const { ctx, kuma, monitor } = await setup();
    const before = Date.now();
    const fresh = (await ctx.app.inject({ url: '/api/monitor-status' })).json() as {
      url: string;
      checkedAt: string;
      stale: boolean;
    }[];
    const galaxy = fresh.find((item) => item.url === GALAXY);
    expect(galaxy?.stale).toBe(false);
    expect(Date.parse(galaxy?.checkedAt ?? '')).toBeLessThanOrEqual(before);
    expect(galaxy?.checkedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    kuma.status = 503;
    await monitor.runOnce();
    const stale = (await ctx.app.inject({ url: '/api/monitor-status' })).json() as {
      url: string;
      status: number;
      checkedAt: string;
      stale: boolean;
    }[];
    expect(stale.find((item) => item.url === GALAXY)).toEqual({
      id: 'galaxy',
      url: GALAXY,
      status: 1,
      checkedAt: galaxy?.checkedAt,
      stale: true,
    });
  });

  it('gives callers who see different apps different ETags', async () => {
    const { ctx } = await setup();
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/monitor-status' });
    const member = await ctx.app.inject({
      method: 'GET',
      url: '/api/monitor-status',
      headers: {
        ...bearer(await ctx.issuer.tokenFor('viewer', ['genomics'])),
        'if-none-match': anonymous.headers.etag as string,
      },
    });
    expect(member.statusCode).toBe(200);
    expect(member.headers.etag).not.toBe(anonymous.headers.etag);
  });

  it('costs no upstream request: 500 polls within one interval reach neither Kuma nor a probed app', async () => {
    const probed = await startLoopbackServer((_request, response) => response.end('ok'));
    cleanups.push(probed.close);
    const { ctx, kuma, monitor } = await setup({
      extraSources: () => [
        createHttpProbeSource({ timeoutMs: 1000, concurrency: 4, authOk: false }),
      ],
    });
    await ctx.seed([{ id: 'probed', isPublic: true, link: `${probed.url}/app` }]);
    await monitor.runOnce();
    expect(probed.requests).toEqual(['/app']);
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/monitor-status' });
    expect(listed.json()).toContainEqual({
      id: expect.any(String),
      url: `${probed.url}/app`,
      status: 1,
      checkedAt: expect.any(String),
      stale: false,
      responseMs: expect.any(Number),
    });
    const kumaBefore = kuma.requests.length;
    const probedBefore = probed.requests.length;
    const token = await ctx.issuer.tokenFor('viewer', ['genomics']);
    for (let index = 0; index < 500; index += 1) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/monitor-status',
        headers: index % 2 === 0 ? {} : bearer(token),
      });
      expect(response.statusCode).toBe(200);
    }
    expect(kuma.requests.length - kumaBefore).toBe(0);
    expect(probed.requests.length - probedBefore).toBe(0);
  });
});

describe('etagMatches', () => {
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['', false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
  ])('%s -> %s', (header, expected) => {
    expect(etagMatches(header, '"abc"')).toBe(expected);
  });
});

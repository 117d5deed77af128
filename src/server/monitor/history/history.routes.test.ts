import { afterEach, describe, expect, it } from 'vitest';
import { createAppsRepository } from '../../catalog/apps.repository.js';
import { bearer, createTestContext, type TestContext } from '../../test-support/test-app.js';
import { createMonitor } from '../monitor.js';
import { createUptimeKumaSource } from '../sources/uptime-kuma.js';
import { kumaMetricsText, startFakeKumaServer } from '../test-support/fake-kuma.js';
import { createStatusHistoryRepository } from './status-history.repository.js';
import { createStatusRecorder } from './status-recorder.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const PUBLIC = 'https://public.example.edu/';
const SECRET = 'https://secret.example.edu/';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real app with a monitor reading a fake Kuma, and a clock the test moves. */
async function setup(version: 1 | 2) {
  const kuma = await startFakeKumaServer();
  cleanups.push(kuma.close);
  // A whole hour, so bucket boundaries fall on round minutes.
  const clock = { now: Math.floor(Date.now() / HOUR) * HOUR };
  const now = () => clock.now;
  const holder: { ctx?: TestContext } = {};
  const apps = { findAll: () => createAppsRepository((holder.ctx as TestContext).db).findAll() };
  const history = createStatusRecorder({
    repository: lazyRepository(() => holder.ctx as TestContext),
    apps,
    retentionDays: 30,
    now,
  });
  const monitor = createMonitor({
    sources: [createUptimeKumaSource({ url: kuma.url, apiKey: undefined, timeoutMs: 1000 })],
    apps,
    intervalMs: 30_000,
    dropAfterMs: 10 * MIN,
    now,
    history,
  });
  const ctx = await createTestContext({
    apps: [
      { id: 'public-app', isPublic: true, link: PUBLIC },
      { id: 'secret-app', groups: ['lab'], link: SECRET },
    ],
    deps: { monitor, now },
  });
  holder.ctx = ctx;
  cleanups.push(() => ctx.close());
  cleanups.push(() => monitor.stop());
  const set = (publicStatus: number, secretStatus: number) => {
    kuma.metrics = kumaMetricsText(
      [
        { url: PUBLIC, status: publicStatus },
        { url: SECRET, status: secretStatus },
      ],
      version,
    );
  };
  return { ctx, clock, monitor, set };
}

/** The history's repository on the test app's database, which exists only after the monitor. */
function lazyRepository(ctx: () => TestContext) {
  const repo = () => createStatusHistoryRepository(ctx().db);
  return {
    openStates: () => repo().openStates(),
    applyChanges: (...args: Parameters<ReturnType<typeof repo>['applyChanges']>) =>
      repo().applyChanges(...args),
    prune: (before: number) => repo().prune(before),
  };
}

async function get(ctx: TestContext, url: string, groups?: string[]) {
  const headers = groups ? bearer(await ctx.issuer.tokenFor('viewer', groups)) : {};
  return ctx.app.inject({ method: 'GET', url, headers });
}

describe.each([1, 2] as const)('GET /api/apps/{id}/uptime with Kuma %s.x', (version) => {
  it('gives exact buckets and uptime over 24 h; maintenance counts neither way', async () => {
    const { ctx, clock, monitor, set } = await setup(version);
    const t0 = clock.now;
    set(1, 1);
    await monitor.runOnce();
    clock.now += 30 * MIN;
    set(0, 1); // down for 15 minutes
    await monitor.runOnce();
    clock.now += 15 * MIN;
    set(3, 1); // maintenance for 15 minutes
    await monitor.runOnce();
    clock.now += 15 * MIN;
    set(1, 1);
    await monitor.runOnce();
    clock.now += 30 * MIN; // 90 minutes after the first cycle

    const response = await get(ctx, '/api/apps/public-app/uptime?range=24h');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.appId).toBe('public-app');
    expect(body.range).toBe('24h');
    expect(body.buckets).toHaveLength(48);
    // The range ends now: the last three buckets are the 90 minutes of history.
    const tail = body.buckets.slice(-3);
    expect(tail).toEqual([
      { start: new Date(t0).toISOString(), up: 1, down: 0, pending: 0, maintenance: 0, unknown: 0 },
      {
        start: new Date(t0 + 30 * MIN).toISOString(),
        up: 0,
        down: 0.5,
        pending: 0,
        maintenance: 0.5,
        unknown: 0,
      },
      { start: expect.any(String), up: 1, down: 0, pending: 0, maintenance: 0, unknown: 0 },
    ]);
    expect(body.buckets[0]).toMatchObject({ unknown: 1 });
    // 60 min up, 15 down; the 15 of maintenance are left out: 60 / 75.
    expect(body.uptime).toBe(0.8);
    expect(body.lastChange).toBe(new Date(t0 + 60 * MIN).toISOString());
    expect(body.changes.map((change: { state: string }) => change.state)).toEqual([
      'up',
      'maintenance',
      'down',
      'up',
    ]);
    expect(body.changes[0].until).toBeNull();

    const week = (await get(ctx, '/api/apps/public-app/uptime?range=7d')).json();
    expect(week.buckets).toHaveLength(168);
    expect(week.uptime).toBe(0.8);
    const month = (await get(ctx, '/api/apps/public-app/uptime?range=30d')).json();
    expect(month.buckets).toHaveLength(30);
    expect(month.buckets[29].unknown).toBeCloseTo(1 - 90 / 1440, 6);
  });

  it('never returns a hidden app’s history: 404 like an unknown app', async () => {
    const { ctx, clock, monitor, set } = await setup(version);
    set(1, 0);
    await monitor.runOnce();
    clock.now += 30 * MIN;
    const hidden = await get(ctx, '/api/apps/secret-app/uptime');
    const unknown = await get(ctx, '/api/apps/no-such-app/uptime');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(unknown.body);
    expect(hidden.body).not.toContain('down');
    const member = await get(ctx, '/api/apps/secret-app/uptime', ['lab']);
    expect(member.statusCode).toBe(200);
    expect(member.json().buckets.at(-1).down).toBe(1);
    // The status list carries no hidden app either, and gives `since` for visible ones.
    const list = (await get(ctx, '/api/monitor-status')).json();
    expect(list).toEqual([
      {
        id: 'public-app',
        url: PUBLIC,
        status: 1,
        since: expect.any(String),
        checkedAt: expect.any(String),
        stale: false,
      },
    ]);
  });
});

describe('GET /api/status-history', () => {
  it('gives each visible app’s 24 h strip, worst state per half hour, and nothing hidden', async () => {
    const { ctx, clock, monitor, set } = await setup(2);
    set(1, 1);
    await monitor.runOnce();
    clock.now += 20 * MIN;
    set(0, 1); // 5 minutes down within the first half hour
    await monitor.runOnce();
    clock.now += 5 * MIN;
    set(1, 1);
    await monitor.runOnce();
    clock.now += 35 * MIN; // an hour of history
    const body = (await get(ctx, '/api/status-history')).json();
    expect(body).toMatchObject({ range: '24h', bucketMinutes: 30 });
    expect(body.items).toEqual([
      { appId: 'public-app', uptime: 0.916667, strip: `${'-'.repeat(46)}du`, changesLastHour: 2 },
    ]);
    const member = (await get(ctx, '/api/status-history', ['lab'])).json();
    expect(member.items.map((item: { appId: string }) => item.appId)).toEqual([
      'public-app',
      'secret-app',
    ]);
  });
});

describe('GET /api/apps/{id}/uptime input', () => {
  it('refuses an unknown range with the error body, and defaults to 24h', async () => {
    const { ctx } = await setup(2);
    const bad = await get(ctx, '/api/apps/public-app/uptime?range=1y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: expect.any(String),
    });
    const fallback = await get(ctx, '/api/apps/public-app/uptime');
    expect(fallback.json()).toMatchObject({ range: '24h', uptime: null, lastChange: null });
  });

  it('is in the OpenAPI document', async () => {
    const { ctx } = await setup(2);
    const doc = (await get(ctx, '/api/docs/openapi.json')).json();
    expect(Object.keys(doc.paths)).toContain('/api/apps/{appId}/uptime');
  });
});

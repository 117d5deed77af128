import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { createMonitorFromConfig } from '../monitor/monitor-setup.js';
import { kumaMetricsText, startFakeKumaServer } from '../monitor/test-support/fake-kuma.js';
import { kumaStatusPage1, kumaStatusPage2 } from '../monitor/test-support/kuma-status-pages.js';

const A = 'https://a.example.edu/';
const S = 'https://secret.example.edu/';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const kuma = await startFakeKumaServer(
    kumaMetricsText([
      { url: A, status: 3 },
      { url: S, status: 3 },
    ]),
  );
  cleanups.push(kuma.close);
  const clock = { now: Date.parse('2026-11-03T09:00:00Z') };
  const holder: { ctx?: TestContext } = {};
  const config = loadConfig({
    UPTIME_KUMA_URL: kuma.url,
    UPTIME_KUMA_STATUS_PAGE: 'lab',
    MONITOR_TIMEOUT: '2',
  }).monitor;
  const warnings: string[] = [];
  const monitor = createMonitorFromConfig(config, {
    apps: { findAll: () => createAppsRepository((holder.ctx as TestContext).db).findAll() },
    now: () => clock.now,
  });
  const log = {
    debug: () => {},
    info: () => {},
    warn: (details: unknown, m: string) => void warnings.push(`${m} ${JSON.stringify(details)}`),
  };
  const ctx = await createTestContext({
    apps: [
      { id: 'a', isPublic: true, link: A },
      { id: 'secret', groups: ['lab'], link: S },
    ],
    deps: { monitor },
  });
  holder.ctx = ctx;
  cleanups.push(() => ctx.close());
  cleanups.push(() => monitor.stop());
  // Gives the monitor its log without leaving its timer running: tests call runOnce().
  monitor.start({ log });
  await monitor.stop();
  return { ctx, kuma, clock, monitor, warnings };
}

async function notices(ctx: TestContext, groups?: string[]) {
  const headers = groups ? bearer(await ctx.issuer.tokenFor('viewer', groups)) : {};
  const response = await ctx.app.inject({ method: 'GET', url: '/api/notices', headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/notices', () => {
  it('serves the status page’s incident (Kuma 1.x) and the visible apps in maintenance', async () => {
    const { ctx, kuma, monitor } = await setup();
    kuma.statusPages.set(
      'lab',
      kumaStatusPage1({
        incident: { title: 'Slow <i>storage</i>', content: '<script>x()</script>Hi' },
      }),
    );
    await monitor.runOnce();
    const anonymous = await notices(ctx);
    expect(anonymous.notices).toEqual([
      expect.objectContaining({ kind: 'incident', title: 'Slow storage', text: 'x()Hi' }),
    ]);
    expect(anonymous.maintenance).toEqual(['a']);
    expect((await notices(ctx, ['lab'])).maintenance).toEqual(['a', 'secret']);
  });

  it('reads Kuma 2.x maintenance windows; keeps them while the page fails, logging once', async () => {
    const { ctx, kuma, clock, monitor, warnings } = await setup();
    kuma.statusPages.set(
      'lab',
      kumaStatusPage2({
        maintenance: [
          {
            id: 3,
            title: 'Upgrade',
            description: 'All day',
            start: '2026-11-03T08:00:00Z',
            end: '2026-11-03T18:00:00Z',
          },
        ],
      }),
    );
    await monitor.runOnce();
    expect((await notices(ctx)).notices).toEqual([
      expect.objectContaining({
        kind: 'maintenance',
        title: 'Upgrade',
        end: '2026-11-03T18:00:00.000Z',
      }),
    ]);
    kuma.statusPages.set('lab', '{"config": trunc');
    warnings.length = 0;
    await monitor.runOnce();
    await monitor.runOnce();
    expect((await notices(ctx)).notices).toHaveLength(1);
    expect(warnings.filter((w) => w.startsWith('status page'))).toHaveLength(1);
    // Past its end, a window is no longer active.
    clock.now = Date.parse('2026-11-03T18:00:01Z');
    expect((await notices(ctx)).notices).toEqual([]);
  });

  it('an unknown slug (404) is reported as a configuration problem', async () => {
    const { monitor, warnings } = await setup();
    await monitor.runOnce();
    expect(warnings.join('\n')).toMatch(/no status page \\"lab\\".*UPTIME_KUMA_STATUS_PAGE/);
    expect(monitor.notices?.active()).toEqual([]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { createFileStorage } from '../files/file-storage.js';
import { createMonitorFromConfig } from '../monitor/monitor-setup.js';
import type { Monitor } from '../monitor/monitor.js';
import { kumaMetricsText, startFakeKumaServer } from '../monitor/test-support/fake-kuma.js';
import { createRepositories } from '../repositories.js';
import { appRow, bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { purgeExpiredTrash } from './admin.service.js';
import { DEMO_CATALOG_FILE } from './catalog-loader.js';
import { prepareCatalog } from './catalog-startup.js';
import { demoStatusCatalog } from './demo-status-catalog.js';

/** A pinned time: Tuesday 3 November 2026, 10:15 UTC (the story: demo-story.test.ts). */
const T = Date.parse('2026-11-03T10:15:00.000Z');
const now = () => T;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Portal {
  ctx: TestContext;
  db: Db;
  repositories: ReturnType<typeof createRepositories>;
  monitor: Monitor;
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  statuses(): Promise<Record<string, { status: number; simulated?: true; since?: string }>>;
}

/** The portal as main.ts starts it: the catalog's start-up, then the monitor, then the app. */
async function start(env: Record<string, string>, db?: Db): Promise<Portal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-demo-status-'));
  const database = db ?? (await openTestDatabase());
  const config = loadConfig({ DATA_DIR: dataDir, MONITOR_PROBE: 'false', ...env });
  const repositories = createRepositories(database);
  await prepareCatalog({
    config,
    db: database,
    storage: createFileStorage(join(dataDir, 'storage')),
    apps: repositories.apps,
    admin: repositories.admin,
    branding: repositories.branding,
    purgeExpired: () =>
      purgeExpiredTrash({
        admin: repositories.admin,
        apps: repositories.apps,
        clock: () => new Date(T).toISOString(),
      }),
    log: () => {},
  });
  const demoCatalog = await demoStatusCatalog(config);
  const monitor = createMonitorFromConfig(config.monitor, {
    apps: repositories.apps,
    history: repositories.statusHistory,
    demo: demoCatalog && { demoCatalog, apps: repositories.apps },
    now,
  });
  const ctx = await createTestContext({
    env: { MONITOR_PROBE: 'false', ...env },
    deps: { db: database, repositories, monitor, now },
  });
  cleanups.push(async () => {
    await monitor.stop();
    await ctx.close();
    if (!db) await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await monitor.runOnce();
  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  return {
    ctx,
    db: database,
    repositories,
    monitor,
    get,
    async statuses() {
      const items = (await get('/api/monitor-status')).json() as {
        url: string;
        status: number;
        simulated?: true;
        since?: string;
      }[];
      return Object.fromEntries(items.map((item) => [new URL(item.url).hostname, item]));
    },
  };
}

async function storedHistoryRows(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('statusChanges')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe('simulated statuses of the demo catalog', () => {
  it('are served for the untouched demo catalog: states, history, uptime and notices, none of it stored', async () => {
    const portal = await start({});
    const statuses = await portal.statuses();
    // Anonymous visitors see the six public apps, each status marked simulated.
    expect(Object.keys(statuses).sort()).toEqual([
      'galaxy.mmge.example.edu',
      'help.mmge.example.edu',
      'igv.mmge.example.edu',
      'jupyter.mmge.example.edu',
      'qc.mmge.example.edu',
      'wiki.mmge.example.edu',
    ]);
    expect(Object.values(statuses).every((item) => item.simulated === true)).toBe(true);
    expect(statuses['galaxy.mmge.example.edu']?.status).toBe(1);
    expect(statuses['jupyter.mmge.example.edu']?.status).toBe(3);
    expect(statuses['qc.mmge.example.edu']?.status).toBe(2);
    expect(statuses['help.mmge.example.edu']).toMatchObject({
      status: 0,
      since: '2026-11-03T06:00:00.000Z',
    });

    const notices = (await portal.get('/api/notices')).json();
    expect(notices.maintenance).toEqual(['jupyterhub']);
    expect(notices.notices.map((notice: { kind: string }) => notice.kind).sort()).toEqual([
      'incident',
      'maintenance',
    ]);

    const strips = (await portal.get('/api/status-history')).json();
    expect(strips.items).toHaveLength(6);
    const strip = (id: string) =>
      strips.items.find((item: { appId: string }) => item.appId === id)?.strip as string;
    expect(strip('jupyterhub')).toHaveLength(48);
    expect(strip('jupyterhub')).toMatch(/m$/);
    expect(strip('help-desk')).toMatch(/^d+$/);
    expect(strip('galaxy')).not.toContain('-');

    const uptime = (await portal.get('/api/apps/help-desk/uptime?range=7d')).json();
    expect(uptime.uptime).toBeLessThan(0.01);
    expect(uptime.changes[0]).toEqual({
      state: 'down',
      since: '2026-11-03T06:00:00.000Z',
      until: null,
    });
    // Nothing simulated goes into the status history.
    await portal.monitor.runOnce();
    expect(await storedHistoryRows(portal.db)).toBe(0);
  });

  it('stop the moment an admin changes an app: the real monitor takes over', async () => {
    const kuma = await startFakeKumaServer(
      kumaMetricsText([{ url: 'https://galaxy.mmge.example.edu/', status: 0 }]),
    );
    cleanups.push(() => kuma.close());
    // Kuma would turn the automatic demo status off; here it is asked for explicitly.
    const portal = await start({ DEMO_STATUS: 'true', UPTIME_KUMA_URL: kuma.url });
    expect((await portal.statuses())['galaxy.mmge.example.edu']).toMatchObject({
      status: 1,
      simulated: true,
    });

    const admin = await portal.ctx.issuer.tokenFor('admin', [], {
      realm_access: { roles: ['portal-admin'] },
    });
    const edit = await portal.ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/apps/help-desk',
      headers: { ...bearer(admin), 'if-match': '"1"' },
      payload: { description: 'Our real help desk.' },
    });
    expect(edit.statusCode).toBe(200);

    // No cycle needed: the catalog change is heard at once.
    await expect
      .poll(async () => (await portal.statuses())['galaxy.mmge.example.edu'])
      .toEqual(expect.not.objectContaining({ simulated: true }));
    const statuses = await portal.statuses();
    expect(statuses['galaxy.mmge.example.edu']?.status).toBe(0);
    expect(Object.values(statuses).some((item) => item.simulated)).toBe(false);
    const notices = (await portal.get('/api/notices')).json();
    expect(notices.notices).toEqual([]);

    // The next cycle records what the real monitor says.
    await portal.monitor.runOnce();
    expect(await storedHistoryRows(portal.db)).toBe(1);
  });

  it('stop when an admin adds an app to the demo catalog', async () => {
    const portal = await start({});
    await portal.repositories.apps.upsertApps(
      [appRow({ id: 'our-wiki', isPublic: true })],
      new Date(T).toISOString(),
    );
    await expect
      .poll(async () => Object.values(await portal.statuses()).some((item) => item.simulated))
      .toBe(false);
  });

  it('are never served with CATALOG_FILE, even when it is the demo file itself', async () => {
    const portal = await start({ CATALOG_FILE: DEMO_CATALOG_FILE });
    expect(portal.monitor.demo).toBeUndefined();
    expect(await portal.statuses()).toEqual({});
    expect((await portal.get('/api/status-history')).json().items).toEqual([]);
  });

  it('are never served with DEMO_STATUS=false', async () => {
    const portal = await start({ DEMO_STATUS: 'false' });
    expect(portal.monitor.demo).toBeUndefined();
    expect(await portal.statuses()).toEqual({});
  });

  it('are never served with DEMO_CATALOG=false, even on a database holding the demo catalog', async () => {
    const db = await openTestDatabase();
    cleanups.push(() => db.destroy());
    const first = await start({}, db);
    expect(Object.keys(await first.statuses())).toHaveLength(6);
    const again = await start({ DEMO_CATALOG: 'false' }, db);
    expect(again.monitor.demo).toBeUndefined();
    expect(await again.statuses()).toEqual({});
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createAppsRepository } from '../../catalog/apps.repository.js';
import type { Db } from '../../db/database.js';
import { openTestDatabase } from '../../db/test-support/test-database.js';
import { appRow, type TestAppSpec } from '../../test-support/test-app.js';
import { createMonitor } from '../monitor.js';
import { createUptimeKumaSource } from '../sources/uptime-kuma.js';
import { kumaMetricsText, startFakeKumaServer } from '../test-support/fake-kuma.js';
import { createStatusHistoryRepository } from './status-history.repository.js';
import { createStatusRecorder } from './status-recorder.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const A = 'https://a.example.edu/';
const B = 'https://b.example.edu/';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(version: 1 | 2 = 2, apps: TestAppSpec[] = []) {
  const db: Db = await openTestDatabase();
  cleanups.push(() => db.destroy());
  const catalog = createAppsRepository(db);
  await catalog.upsertApps(
    [
      { id: 'app-a', isPublic: true, link: A },
      { id: 'app-b', isPublic: true, link: B },
      { id: 'no-monitor', isPublic: true, link: 'https://c.example.edu/' },
      ...apps,
    ].map(appRow),
    new Date().toISOString(),
  );
  const kuma = await startFakeKumaServer();
  cleanups.push(kuma.close);
  const clock = { now: Date.UTC(2026, 10, 3, 8, 0) };
  const now = () => clock.now;
  const repository = createStatusHistoryRepository(db);
  const history = createStatusRecorder({ repository, apps: catalog, retentionDays: 30, now });
  const monitor = createMonitor({
    sources: [createUptimeKumaSource({ url: kuma.url, apiKey: undefined, timeoutMs: 1000 })],
    apps: catalog,
    intervalMs: 30_000,
    dropAfterMs: 10 * MIN,
    now,
    history,
  });
  cleanups.push(() => monitor.stop());
  const set = (a: number | undefined, b: number | undefined) => {
    const monitors = [];
    if (a !== undefined) monitors.push({ url: A, status: a });
    if (b !== undefined) monitors.push({ url: B, status: b });
    kuma.metrics = kumaMetricsText(monitors, version);
  };
  const rows = () =>
    db.selectFrom('statusChanges').selectAll().orderBy('appId').orderBy('since').execute();
  return { db, kuma, clock, monitor, history, repository, set, rows, catalog };
}

describe.each([1, 2] as const)('status history from Kuma %s.x metrics', (version) => {
  it('writes a row only when an app’s state changes', async () => {
    const { clock, monitor, history, set, rows } = await setup(version);
    const t0 = clock.now;
    set(1, 1);
    await monitor.runOnce();
    clock.now += 30_000;
    await monitor.runOnce();
    clock.now += 30_000;
    await monitor.runOnce();
    expect(await rows()).toEqual([
      {
        appId: 'app-a',
        state: 'up',
        since: t0,
        until: null,
        source: 'uptime-kuma',
        responseMs: null,
      },
      {
        appId: 'app-b',
        state: 'up',
        since: t0,
        until: null,
        source: 'uptime-kuma',
        responseMs: null,
      },
    ]);
    expect(history.current('app-a')).toEqual({ state: 'up', since: t0, source: 'uptime-kuma' });
    expect(history.current('no-monitor')).toBeUndefined();

    // b goes down; two more identical cycles change nothing.
    clock.now += 30_000;
    const t1 = clock.now;
    set(1, 0);
    await monitor.runOnce();
    clock.now += 30_000;
    await monitor.runOnce();
    await monitor.runOnce();
    const after = await rows();
    expect(after.filter((row) => row.appId === 'app-a')).toHaveLength(1);
    expect(after.filter((row) => row.appId === 'app-b')).toEqual([
      expect.objectContaining({ state: 'up', since: t0, until: t1 }),
      expect.objectContaining({ state: 'down', since: t1, until: null }),
    ]);
    expect(history.current('app-b')).toMatchObject({ state: 'down', since: t1 });
  });

  it('records maintenance and pending as such, and a vanished monitor as unknown', async () => {
    const { clock, monitor, set, rows } = await setup(version);
    set(3, 2);
    await monitor.runOnce();
    clock.now += MIN;
    set(undefined, 2);
    await monitor.runOnce();
    const states = (await rows()).map((row) => `${row.appId}:${row.state}:${row.until === null}`);
    expect(states).toEqual(['app-a:maintenance:false', 'app-a:unknown:true', 'app-b:pending:true']);
  });
});

describe('status recorder', () => {
  it('keeps its state across restarts: a new recorder reads the open rows', async () => {
    const { db, clock, monitor, set, rows, catalog } = await setup();
    set(1, 1);
    await monitor.runOnce();
    const again = createStatusRecorder({
      repository: createStatusHistoryRepository(db),
      apps: catalog,
      retentionDays: 30,
      now: () => clock.now,
    });
    clock.now += MIN;
    const lookupUp = {
      version: 1,
      lookup: () => ({ url: A, status: 1, seenAt: 0, stale: false, source: 'uptime-kuma' }),
    };
    expect(await again.record(lookupUp)).toMatchObject({ changed: 1 }); // only no-monitor: up
    expect((await rows()).filter((row) => row.appId === 'app-a')).toHaveLength(1);
  });

  it('records nothing after a restart until a source has answered', async () => {
    const { db, kuma, clock, monitor, set, rows, catalog } = await setup();
    set(1, 1);
    await monitor.runOnce();
    await monitor.stop();
    kuma.status = 500;
    const restarted = createMonitor({
      sources: [createUptimeKumaSource({ url: kuma.url, apiKey: undefined, timeoutMs: 1000 })],
      apps: catalog,
      intervalMs: 30_000,
      dropAfterMs: 10 * MIN,
      now: () => clock.now,
      history: createStatusRecorder({
        repository: createStatusHistoryRepository(db),
        apps: catalog,
        retentionDays: 30,
        now: () => clock.now,
      }),
    });
    clock.now += MIN;
    await restarted.runOnce();
    expect((await rows()).map((row) => `${row.appId}:${row.state}:${row.until}`)).toEqual([
      'app-a:up:null',
      'app-b:up:null',
    ]);
    // Once Kuma answers, its word is recorded (here: a is gone, so unknown).
    kuma.status = 200;
    set(undefined, 1);
    clock.now += MIN;
    await restarted.runOnce();
    expect((await rows()).filter((row) => row.until === null).map((row) => row.state)).toEqual([
      'unknown',
      'up',
    ]);
  });

  it('ends the state of an app removed from the catalog', async () => {
    const { db, clock, monitor, set, rows, history } = await setup();
    set(1, 1);
    await monitor.runOnce();
    clock.now += MIN;
    await db.deleteFrom('appGroups').where('appId', '=', 'app-b').execute();
    await db.deleteFrom('apps').where('id', '=', 'app-b').execute();
    await monitor.runOnce();
    expect((await rows()).filter((row) => row.appId === 'app-b')).toEqual([
      expect.objectContaining({ state: 'up', until: clock.now }),
    ]);
    expect(history.current('app-b')).toBeUndefined();
  });

  it('counts changes in the last hour (flapping)', async () => {
    const { clock, monitor, history, set } = await setup();
    set(1, 1);
    await monitor.runOnce();
    for (const status of [0, 1, 0]) {
      clock.now += 5 * MIN;
      set(status, 1);
      await monitor.runOnce();
    }
    expect(history.changesLastHour('app-a')).toBe(3);
    expect(history.changesLastHour('app-b')).toBe(0);
    clock.now += 51 * MIN; // the change at +5 min is now over an hour old
    expect(history.changesLastHour('app-a')).toBe(2);
  });

  it('prunes rows that ended more than the retention ago, once per hour', async () => {
    const { clock, monitor, history, set, rows } = await setup();
    set(0, 1);
    await monitor.runOnce();
    clock.now += MIN;
    set(1, 1);
    await monitor.runOnce(); // app-a: down row closed now
    expect(await rows()).toHaveLength(3);
    clock.now += 30 * DAY - MIN; // the down row ended 30 days minus a minute ago
    expect(await history.record({ version: 0, lookup: () => undefined })).toMatchObject({
      pruned: 0,
    });
    clock.now += 2 * 3_600_000;
    const result = await history.record({ version: 0, lookup: () => undefined });
    expect(result.pruned).toBe(1);
    expect((await rows()).some((row) => row.state === 'down')).toBe(false);
  });
});

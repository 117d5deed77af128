import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { createStatusHistoryRepository } from './history/status-history.repository.js';
import { createMonitorFromConfig } from './monitor-setup.js';
import { kumaMetricsText, startFakeKumaServer } from './test-support/fake-kuma.js';
import { kumaStatusPage1 } from './test-support/kuma-status-pages.js';
import { connectDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import {
  createMonitorLeadership,
  leaderOnlyHistory,
  shareNotices,
  shareSources,
} from './monitor-leader.js';
import { createPostgresDatabase } from '../db/test-support/test-database.js';

// The Kuma status page's notices with two instances on one PostgreSQL database: only the monitor
// leader reads the page (one request per cycle whatever the number of instances), the follower
// serves the leader's notices, and takes over the reading when the leader goes (docs/deploy.md).

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
}, 30_000);

const LINK = 'https://galaxy.example.edu/';

async function setup() {
  const database = await createPostgresDatabase('portal_notices');
  cleanups.push(() => database.drop());
  const kuma = await startFakeKumaServer(kumaMetricsText([{ url: LINK, status: 1 }]));
  cleanups.push(() => kuma.close());
  kuma.statusPages.set(
    'lab',
    kumaStatusPage1({ incident: { title: 'Slow storage', content: 'Since 8:00' } }),
  );
  const config = loadConfig({
    UPTIME_KUMA_URL: kuma.url,
    UPTIME_KUMA_STATUS_PAGE: 'lab',
    MONITOR_TIMEOUT: '2',
  }).monitor;
  const intervalMs = config.intervalSeconds * 1000;

  const instance = async () => {
    const db = await connectDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    const leadership = createMonitorLeadership(database.url);
    cleanups.push(() => leadership.stop());
    const monitor = createMonitorFromConfig(config, {
      apps: { findAll: async () => [{ id: 'galaxy', link: LINK }] },
      history: createStatusHistoryRepository(db),
      shared: {
        sources: (sources) => shareSources(sources, { db, leadership, intervalMs }),
        history: (recorder) =>
          leaderOnlyHistory(recorder, {
            leadership,
            repository: createStatusHistoryRepository(db),
          }),
        notices: (reader) => shareNotices(reader, { db, leadership, intervalMs }),
      },
    });
    cleanups.push(() => monitor.stop());
    return { monitor, leadership };
  };
  const pageReads = () => kuma.requests.filter((path) => path.startsWith('/api/status-page/'));
  return { kuma, instance, pageReads };
}

describe('status page notices with several instances', () => {
  it('only the leader reads the status page; the follower serves its notices', async () => {
    const { kuma, instance, pageReads } = await setup();
    const a = await instance();
    const b = await instance();

    for (let cycle = 1; cycle <= 3; cycle += 1) {
      await a.monitor.runOnce();
      await b.monitor.runOnce();
      // One upstream read per cycle, not one per instance.
      expect(pageReads()).toHaveLength(cycle);
    }
    expect(await a.leadership.check()).toBe(true);
    expect(await b.leadership.check()).toBe(false);
    const incident = expect.objectContaining({ kind: 'incident', title: 'Slow storage' });
    expect(a.monitor.notices?.active()).toEqual([incident]);
    expect(b.monitor.notices?.active()).toEqual([incident]);

    // A change on the page reaches the follower through the leader's row.
    kuma.statusPages.set('lab', kumaStatusPage1({ incident: null }));
    await a.monitor.runOnce();
    await b.monitor.runOnce();
    expect(pageReads()).toHaveLength(4);
    expect(b.monitor.notices?.active()).toEqual([]);

    // The leader goes: the follower takes over the reading at its next cycle.
    kuma.statusPages.set(
      'lab',
      kumaStatusPage1({ incident: { title: 'Back soon', content: 'Upgrade' } }),
    );
    await a.monitor.stop();
    await a.leadership.stop();
    await b.monitor.runOnce();
    expect(pageReads()).toHaveLength(5);
    expect(b.monitor.notices?.active()).toEqual([
      expect.objectContaining({ kind: 'incident', title: 'Back soon' }),
    ]);
  }, 30_000);

  it("a follower keeps its last notices while the leader's read fails", async () => {
    const { kuma, instance, pageReads } = await setup();
    const a = await instance();
    const b = await instance();
    await a.monitor.runOnce();
    await b.monitor.runOnce();
    expect(b.monitor.notices?.active()).toHaveLength(1);

    kuma.statusPages.set('lab', '{"config": trunc');
    await a.monitor.runOnce();
    await b.monitor.runOnce();
    expect(pageReads()).toHaveLength(2);
    // As on one instance: a failed read keeps the last good notices (until MONITOR_DROP_AFTER).
    expect(a.monitor.notices?.active()).toHaveLength(1);
    expect(b.monitor.notices?.active()).toHaveLength(1);
  }, 30_000);
});

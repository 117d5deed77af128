import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../scripts/lib/net.mjs';
import { kumaMetricsText, startFakeKumaServer } from './test-support/fake-kuma.js';
import { startMain, type RunningMain, PROCESS_TEST_TIMEOUT_MS } from '../test-support/run-main.js';
import { createPostgresDatabase } from '../db/test-support/test-database.js';

// Each test starts the real server in a child process (TypeScript compiled on the fly).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT_MS });

// Two real portal processes on one PostgreSQL database and one (fake) Uptime Kuma: exactly one
// of them, the leader, reads Kuma per interval; the other serves the shared result; when the
// leader is killed (-9) the other takes over within two intervals (docs/deploy.md).

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
}, 30_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await sleep(50);
  }
}

describe('one monitor for several instances', () => {
  it('reads the upstream once per interval, shares it, and survives the leader', async () => {
    const database = await createPostgresDatabase('portal_leader');
    cleanups.push(() => database.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-leader-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const link = 'https://galaxy.example.edu/';
    const kuma = await startFakeKumaServer(kumaMetricsText([{ url: link, status: 1 }]));
    cleanups.push(() => kuma.close());
    const start = async () => {
      const port = await freePort();
      const server: RunningMain = startMain({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        DEMO_CATALOG: 'false',
        UPTIME_KUMA_URL: kuma.url,
        MONITOR_INTERVAL: '1',
        MONITOR_TIMEOUT: '1',
      });
      cleanups.push(async () => {
        server.signal('SIGKILL');
        await server.exited;
      });
      await server.ready;
      return { server, origin: `http://127.0.0.1:${port}` };
    };
    const metricsReads = () => kuma.requests.filter((path) => path === '/metrics').length;

    const a = await start();
    await waitFor(() => metricsReads() > 0, 10_000); // A leads.
    const b = await start();
    await sleep(1500);

    const before = metricsReads();
    const windowStarted = Date.now();
    await sleep(4000);
    const intervals = (Date.now() - windowStarted) / 1000;
    const reads = metricsReads() - before;
    // One reader: about one read per interval, not two.
    expect(reads).toBeGreaterThanOrEqual(Math.floor(intervals) - 1);
    expect(reads).toBeLessThanOrEqual(Math.ceil(intervals) + 1);

    // B shares the leader's result without reading Kuma itself.
    const shared = await fetch(`${b.origin}/api/monitor-status`).then((r) => r.text());
    expect(shared).not.toContain('"stale":true');

    // kill -9 the leader: B takes over within two intervals.
    a.server.signal('SIGKILL');
    await a.server.exited;
    const killedAt = Date.now();
    const atKill = metricsReads();
    await waitFor(() => metricsReads() > atKill, 5000);
    expect(Date.now() - killedAt).toBeLessThanOrEqual(2000 + 500);
    const afterTakeover = metricsReads();
    await sleep(3000);
    expect(metricsReads() - afterTakeover).toBeGreaterThanOrEqual(2);
  }, 90_000);
});

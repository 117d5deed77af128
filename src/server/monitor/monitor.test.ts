import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createMonitor, probeTargets, type MonitorLog } from './monitor.js';
import { createHttpProbeSource } from './sources/http-probe.js';
import { createMonitorProxySource } from './sources/monitor-proxy.js';
import { createUptimeKumaSource } from './sources/uptime-kuma.js';
import {
  startFakeKuma,
  startLoopbackServer,
  type LoopbackServer,
} from './test-support/loopback.js';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const KEY = 'uk2_monitor-test';
const GALAXY = 'https://galaxy.mmge.example.edu/';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function recordingLog() {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const infos: string[] = [];
  const log: MonitorLog = {
    debug: () => {},
    info: (_details, message) => infos.push(message),
    warn: (details, message) => warnings.push({ details, message }),
  };
  return { log, warnings, infos };
}

async function kuma(metrics = fixture('kuma-2.0.txt')) {
  const server = await startFakeKuma({ apiKey: KEY, metrics });
  cleanups.push(server.close);
  return server;
}

async function proxy(items: unknown) {
  const state = { items, status: 200 };
  const server = await startLoopbackServer((_request, response) => {
    response.writeHead(state.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(state.items));
  });
  cleanups.push(server.close);
  return Object.assign(state, server);
}

const noApps = { findAll: async () => [] };

function kumaSource(server: LoopbackServer, apiKey = KEY, timeoutMs = 1000) {
  return createUptimeKumaSource({ url: server.url, apiKey, timeoutMs });
}

describe('monitor cycle', () => {
  it('reads every source once per cycle and caches the results', async () => {
    const kumaServer = await kuma();
    const proxyServer = await proxy([{ url: 'https://proxy-only.example.edu/', status: 2 }]);
    const monitor = createMonitor({
      sources: [
        kumaSource(kumaServer),
        createMonitorProxySource({ url: proxyServer.url, timeoutMs: 1000 }),
      ],
      apps: noApps,
      intervalMs: 30_000,
      dropAfterMs: 600_000,
    });
    const report = await monitor.runOnce();
    expect(report.sources).toEqual([
      { source: 'uptime-kuma', ok: true, count: 5 },
      { source: 'monitor-proxy', ok: true, count: 1 },
    ]);
    expect(monitor.results.lookup(GALAXY)).toMatchObject({ status: 1, stale: false });
    expect(monitor.results.lookup('https://jupyter.mmge.example.edu')).toMatchObject({
      status: 2,
    });
    expect(monitor.results.lookup('https://proxy-only.example.edu')?.status).toBe(2);
    expect(kumaServer.requests).toEqual(['/metrics']);
    expect(proxyServer.requests).toEqual(['/monitor-status']);
  });

  it('keeps a failing source’s last good values (stale) without touching another source', async () => {
    const kumaServer = await kuma();
    const proxyServer = await proxy([{ url: 'https://proxy-only.example.edu/', status: 1 }]);
    const { log, warnings } = recordingLog();
    const monitor = createMonitor({
      sources: [
        kumaSource(kumaServer),
        createMonitorProxySource({ url: proxyServer.url, timeoutMs: 1000 }),
      ],
      apps: noApps,
      intervalMs: 30_000,
      dropAfterMs: 600_000,
      log,
    });
    await monitor.runOnce();

    kumaServer.status = 502;
    proxyServer.items = [{ url: 'https://proxy-only.example.edu/', status: 0 }];
    const failed = await monitor.runOnce();
    expect(failed.sources[0]).toMatchObject({ ok: false, error: 'Uptime Kuma answered HTTP 502' });
    expect(monitor.results.lookup(GALAXY)).toMatchObject({ status: 1, stale: true });
    expect(monitor.results.lookup('https://proxy-only.example.edu/')).toMatchObject({
      status: 0,
      stale: false,
    });
    expect(warnings).toHaveLength(1);

    // Recovery: the next cycle refreshes.
    kumaServer.status = 200;
    kumaServer.metrics = fixture('kuma-2.0.txt').replace(
      /(monitor_status\{[^\n]*monitor_name="Galaxy"[^\n]*\}) 1/,
      '$1 0',
    );
    await monitor.runOnce();
    expect(monitor.results.lookup(GALAXY)).toMatchObject({ status: 0, stale: false });
  });

  it('drops stale values after the configured age', async () => {
    let time = 1_000_000;
    const kumaServer = await kuma();
    const monitor = createMonitor({
      sources: [kumaSource(kumaServer)],
      apps: noApps,
      intervalMs: 30_000,
      dropAfterMs: 60_000,
      now: () => time,
    });
    await monitor.runOnce();
    kumaServer.status = 500;
    time += 30_000;
    await monitor.runOnce();
    expect(monitor.results.lookup(GALAXY)?.stale).toBe(true);
    time += 31_000;
    await monitor.runOnce();
    expect(monitor.results.lookup(GALAXY)).toBeUndefined();
  });

  it('logs a rejected API key once per cycle and does not retry', async () => {
    const kumaServer = await kuma();
    const { log, warnings } = recordingLog();
    const monitor = createMonitor({
      sources: [kumaSource(kumaServer, 'wrong-key')],
      apps: noApps,
      intervalMs: 30_000,
      dropAfterMs: 600_000,
      log,
    });
    await monitor.runOnce();
    await monitor.runOnce();
    expect(kumaServer.requests).toHaveLength(2);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]?.details).toMatchObject({ source: 'uptime-kuma' });
    expect(String(warnings[0]?.details.reason)).toMatch(/401/);
    expect(JSON.stringify(warnings)).not.toContain('wrong-key');
  });

  it('treats a monitor that disappears from the metrics as unknown, not down', async () => {
    const kumaServer = await kuma();
    const monitor = createMonitor({
      sources: [kumaSource(kumaServer)],
      apps: noApps,
      intervalMs: 30_000,
      dropAfterMs: 600_000,
    });
    await monitor.runOnce();
    kumaServer.metrics = fixture('kuma-2.0.txt')
      .split('\n')
      .filter((line) => !line.includes('monitor_name="Galaxy"'))
      .join('\n');
    await monitor.runOnce();
    expect(monitor.results.lookup(GALAXY)).toBeUndefined();
    expect(monitor.results.lookup('https://rstudio.mmge.example.edu')?.status).toBe(0);
  });

  it('never overlaps cycles: a call during a cycle shares it', async () => {
    const kumaServer = await kuma();
    const monitor = createMonitor({
      sources: [kumaSource(kumaServer)],
      apps: noApps,
      intervalMs: 30_000,
      dropAfterMs: 600_000,
    });
    const [first, second] = await Promise.all([monitor.runOnce(), monitor.runOnce()]);
    expect(first).toBe(second);
    expect(kumaServer.requests).toHaveLength(1);
  });

  it('probes only the catalog’s http(s) links, each once', async () => {
    const target = await startLoopbackServer((_request, response) => response.end('ok'));
    cleanups.push(target.close);
    const apps = [
      { link: `${target.url}/a` },
      { link: `${target.url}/a` },
      { link: ` ${target.url}/b ` },
      { link: 'ftp://files.example.edu/' },
      { link: 'mailto:ops@example.edu' },
      { link: '' },
    ];
    expect(probeTargets(apps)).toEqual([`${target.url}/a`, `${target.url}/b`]);
    const monitor = createMonitor({
      sources: [createHttpProbeSource({ timeoutMs: 1000, concurrency: 2, authOk: false })],
      apps: { findAll: async () => apps },
      intervalMs: 30_000,
      dropAfterMs: 600_000,
    });
    await monitor.runOnce();
    expect(target.requests.sort()).toEqual(['/a', '/b']);
    expect(monitor.results.lookup(`${target.url}/b`)?.status).toBe(1);
  });

  it('fails only the probes when the catalog cannot be read', async () => {
    const kumaServer = await kuma();
    const monitor = createMonitor({
      sources: [
        kumaSource(kumaServer),
        createHttpProbeSource({ timeoutMs: 1000, concurrency: 2, authOk: false }),
      ],
      apps: { findAll: () => Promise.reject(new Error('database is locked')) },
      intervalMs: 30_000,
      dropAfterMs: 600_000,
    });
    const report = await monitor.runOnce();
    expect(report.sources.map((source) => source.ok)).toEqual([true, false]);
    expect(monitor.results.lookup(GALAXY)?.status).toBe(1);
  });
});

describe('monitor loop', () => {
  it('runs a first cycle on start and nothing after stop', async () => {
    const kumaServer = await kuma();
    const { log, infos } = recordingLog();
    const monitor = createMonitor({
      sources: [kumaSource(kumaServer)],
      apps: noApps,
      intervalMs: 3_600_000,
      dropAfterMs: 600_000,
    });
    monitor.start({ log });
    monitor.start();
    await monitor.runOnce(); // shares the cycle start() began
    await monitor.stop();
    expect(kumaServer.requests).toHaveLength(1);
    expect(infos).toContain('status monitor started');
    expect(monitor.results.lookup(GALAXY)?.status).toBe(1);
  });

  it('stop aborts a cycle waiting on a source that hangs, keeping its values', async () => {
    const hanging = await startLoopbackServer(() => undefined);
    cleanups.push(hanging.close);
    const monitor = createMonitor({
      sources: [kumaSource(hanging, KEY, 60_000)],
      apps: noApps,
      intervalMs: 3_600_000,
      dropAfterMs: 600_000,
    });
    monitor.start();
    while (hanging.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const started = Date.now();
    await monitor.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(monitor.results.sources()[0]).toMatchObject({ stale: false, entries: [] });
  });
});

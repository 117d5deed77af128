import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../test-support/loopback.js';
import { createMonitorProxySource, MAX_PROXY_BYTES } from './monitor-proxy.js';
import {
  createUptimeKumaSource,
  MAX_METRICS_BYTES,
  MAX_METRICS_LINE_BYTES,
} from './uptime-kuma.js';

const signal = new AbortController().signal;
let servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function serve(body: () => Iterable<string>) {
  const server = await startLoopbackServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    const parts = body()[Symbol.iterator]();
    const write = () => {
      for (let next = parts.next(); !next.done; next = parts.next()) {
        if (!response.write(next.value)) return void response.once('drain', write);
      }
      response.end();
    };
    response.on('error', () => undefined);
    write();
  });
  servers.push(server);
  return server;
}

const GAUGE = '# TYPE monitor_status gauge\n';
const sample = (i: number) =>
  `monitor_status{monitor_name="app ${i}",monitor_type="http",monitor_url="https://app-${i}.example.edu/"} 1\n`;

describe('monitor source size caps', () => {
  it('drops a Kuma answer with one line longer than the line cap, without holding it', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    const server = await serve(function* () {
      yield GAUGE;
      yield sample(1);
      yield `# HELP other_metric ${''}`;
      for (let i = 0; i < 15; i += 1) yield huge; // one 15 MB line
      yield '\n';
    });
    const source = createUptimeKumaSource({ url: server.url, apiKey: undefined, timeoutMs: 5000 });
    const before = process.memoryUsage().rss;
    await expect(source.collect({ links: [], signal })).rejects.toThrow(
      `a line of the answer is longer than ${MAX_METRICS_LINE_BYTES} bytes`,
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('drops a Kuma answer larger than the body cap', async () => {
    const line = `other_metric{label="${'y'.repeat(1000)}"} 1\n`;
    const server = await serve(function* () {
      yield GAUGE;
      for (let i = 0; i < MAX_METRICS_BYTES / line.length + 10; i += 1) yield line;
    });
    const source = createUptimeKumaSource({
      url: server.url,
      apiKey: undefined,
      timeoutMs: 10_000,
    });
    await expect(source.collect({ links: [], signal })).rejects.toThrow(
      `the answer is larger than ${MAX_METRICS_BYTES} bytes`,
    );
  });

  it('reads the gauge among many other metrics, in chunks split anywhere', async () => {
    const server = await serve(function* () {
      const text = `${GAUGE}${'process_cpu 1\n'.repeat(5000)}${sample(1)}${sample(2)}`;
      for (let i = 0; i < text.length; i += 7) yield text.slice(i, i + 7);
    });
    const source = createUptimeKumaSource({ url: server.url, apiKey: undefined, timeoutMs: 5000 });
    expect(await source.collect({ links: [], signal })).toEqual([
      { url: 'https://app-1.example.edu/', status: 1 },
      { url: 'https://app-2.example.edu/', status: 1 },
    ]);
  });

  it('drops a monitor proxy answer larger than its cap', async () => {
    const server = await serve(function* () {
      yield '[';
      const item = JSON.stringify({ url: `https://a.example.edu/${'z'.repeat(1000)}`, status: 1 });
      for (let i = 0; i < MAX_PROXY_BYTES / item.length + 10; i += 1) yield `${item},`;
      yield '{"url":"https://b.example.edu/","status":1}]';
    });
    const source = createMonitorProxySource({ url: server.url, timeoutMs: 5000 });
    await expect(source.collect({ links: [], signal })).rejects.toThrow(
      `the answer is larger than ${MAX_PROXY_BYTES} bytes`,
    );
  });
});

import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, startFakeKuma, startLoopbackServer } from '../test-support/loopback.js';
import { SourceError } from './source.js';
import { createUptimeKumaSource, statusesFromKumaMetrics } from './uptime-kuma.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const signal = new AbortController().signal;
const KEY = 'uk1_test-key';

describe('statusesFromKumaMetrics', () => {
  it('takes monitor_status with its monitor_url from Kuma 1.23 metrics', () => {
    expect(statusesFromKumaMetrics(fixture('kuma-1.23.txt'))).toEqual([
      { url: 'https://galaxy.mmge.example.edu/', status: 1 },
      { url: 'https://rstudio.mmge.example.edu', status: 0 },
      { url: 'HTTPS://WWW.Jupyter.mmge.example.edu/', status: 2 },
      { url: 'https://wiki.mmge.example.edu/path\\with\\backslashes', status: 3 },
    ]);
  });

  it('takes the same from Kuma 2.x metrics, whatever the extra labels', () => {
    expect(statusesFromKumaMetrics(fixture('kuma-2.0.txt'))).toEqual([
      { url: 'https://galaxy.mmge.example.edu/', status: 1 },
      { url: 'https://rstudio.mmge.example.edu', status: 0 },
      { url: 'HTTPS://WWW.Jupyter.mmge.example.edu/', status: 2 },
      { url: 'https://wiki.mmge.example.edu/path\\with\\backslashes', status: 3 },
      { url: 'https://lims.internal.example.edu/', status: 1 },
    ]);
  });

  it('leaves out paused monitors (Kuma removes their series): they are unknown, not down', () => {
    const paused = fixture('kuma-1.23.txt')
      .split('\n')
      .filter((line) => !line.includes('monitor_name="Galaxy"'))
      .join('\n');
    const urls = statusesFromKumaMetrics(paused).map((status) => status.url);
    expect(urls).not.toContain('https://galaxy.mmge.example.edu/');
    expect(urls).toHaveLength(3);
  });

  it('skips values that are not one of the four codes', () => {
    const text =
      '# TYPE monitor_status gauge\nmonitor_status{monitor_url="https://a.example.edu/"} NaN\nmonitor_status{monitor_url="https://b.example.edu/"} 7\nmonitor_status{monitor_url="https://c.example.edu/"} 0.5\n';
    expect(statusesFromKumaMetrics(text)).toEqual([]);
  });

  it('accepts Kuma with no monitors yet (the gauge declared, no samples)', () => {
    expect(
      statusesFromKumaMetrics(
        '# HELP monitor_status Monitor Status\n# TYPE monitor_status gauge\n',
      ),
    ).toEqual([]);
  });

  it.each([
    ['empty output', 'kuma-empty.txt'],
    ['an HTML error page', 'kuma-error-page.html'],
    ['a truncated body', 'kuma-2.0-truncated.txt'],
  ])('rejects %s', (_label, file) => {
    expect(() => statusesFromKumaMetrics(fixture(file))).toThrow(SourceError);
  });

  it('rejects metrics of something else than Kuma', () => {
    expect(() => statusesFromKumaMetrics('# TYPE up gauge\nup 1\n')).toThrow(/monitor_status/);
  });
});

describe('Uptime Kuma source against a local Kuma', () => {
  it('reads /metrics with the API key as the basic-auth password', async () => {
    const kuma = await startFakeKuma({ apiKey: KEY, metrics: fixture('kuma-2.0.txt') });
    cleanups.push(kuma.close);
    const source = createUptimeKumaSource({ url: `${kuma.url}/`, apiKey: KEY, timeoutMs: 2000 });
    const statuses = await source.collect({ links: [], signal });
    expect(statuses).toHaveLength(5);
    expect(kuma.requests).toEqual(['/metrics']);
  });

  it('fails with 401 on a wrong key, after a single request', async () => {
    const kuma = await startFakeKuma({ apiKey: KEY, metrics: fixture('kuma-2.0.txt') });
    cleanups.push(kuma.close);
    const source = createUptimeKumaSource({ url: kuma.url, apiKey: 'wrong', timeoutMs: 2000 });
    const failure = await source.collect({ links: [], signal }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceError);
    expect((failure as SourceError).httpStatus).toBe(401);
    expect((failure as SourceError).message).not.toContain('wrong');
    expect(kuma.requests).toHaveLength(1);
  });

  it('fails with 401 when the key is missing', async () => {
    const kuma = await startFakeKuma({ apiKey: KEY, metrics: fixture('kuma-2.0.txt') });
    cleanups.push(kuma.close);
    const source = createUptimeKumaSource({ url: kuma.url, apiKey: undefined, timeoutMs: 2000 });
    await expect(source.collect({ links: [], signal })).rejects.toMatchObject({ httpStatus: 401 });
  });

  it('fails on an HTML page answered with 200', async () => {
    const page = fixture('kuma-error-page.html');
    const server = await startLoopbackServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    cleanups.push(server.close);
    const source = createUptimeKumaSource({ url: server.url, apiKey: KEY, timeoutMs: 2000 });
    await expect(source.collect({ links: [], signal })).rejects.toThrow(/HTML/);
  });

  it('fails on a server error', async () => {
    const kuma = await startFakeKuma({ metrics: 'unused' });
    kuma.status = 502;
    cleanups.push(kuma.close);
    const source = createUptimeKumaSource({ url: kuma.url, apiKey: undefined, timeoutMs: 2000 });
    await expect(source.collect({ links: [], signal })).rejects.toMatchObject({ httpStatus: 502 });
  });

  it('fails at the time-out when Kuma never answers', async () => {
    const server = await startLoopbackServer(() => undefined);
    cleanups.push(server.close);
    const source = createUptimeKumaSource({ url: server.url, apiKey: KEY, timeoutMs: 200 });
    const started = Date.now();
    await expect(source.collect({ links: [], signal })).rejects.toThrow(/no answer within 0.2 s/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails fast when nothing listens', async () => {
    const port = await closedPort();
    const source = createUptimeKumaSource({
      url: `http://127.0.0.1:${port}`,
      apiKey: KEY,
      timeoutMs: 5000,
    });
    await expect(source.collect({ links: [], signal })).rejects.toThrow(/ECONNREFUSED/);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackServer } from '../test-support/loopback.js';
import { createMonitorProxySource, statusesFromProxyAnswer } from './monitor-proxy.js';
import { SourceError } from './source.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});
const signal = new AbortController().signal;

async function proxyAnswering(status: number, body: string) {
  const server = await startLoopbackServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  cleanups.push(server.close);
  return server;
}

describe('statusesFromProxyAnswer', () => {
  it('keeps well-formed items and skips the rest', () => {
    const answer = JSON.stringify([
      { url: 'https://a.example.edu/', status: 1 },
      { url: ' https://b.example.edu ', status: 0, extra: 'ignored' },
      { url: 'https://c.example.edu/', status: 9 },
      { url: '', status: 1 },
      { url: 'https://d.example.edu/', status: '1' },
      { url: 'https://e.example.edu/', status: 1.5 },
      { status: 1 },
      null,
      'https://f.example.edu/',
    ]);
    expect(statusesFromProxyAnswer(answer)).toEqual([
      { url: 'https://a.example.edu/', status: 1 },
      { url: 'https://b.example.edu', status: 0 },
      { url: 'https://c.example.edu/', status: 9 },
    ]);
  });

  it.each([
    ['not JSON', '<html></html>'],
    ['an object', '{"items":[]}'],
    ['empty', ''],
  ])('rejects %s', (_label, text) => {
    expect(() => statusesFromProxyAnswer(text)).toThrow(SourceError);
  });
});

describe('monitor proxy source against a local proxy', () => {
  it('reads {url}/monitor-status', async () => {
    const proxy = await proxyAnswering(200, '[{"url":"https://a.example.edu/","status":2}]');
    const source = createMonitorProxySource({ url: proxy.url, timeoutMs: 2000 });
    expect(await source.collect({ links: [], signal })).toEqual([
      { url: 'https://a.example.edu/', status: 2 },
    ]);
    expect(proxy.requests).toEqual(['/monitor-status']);
  });

  it('fails on an error status', async () => {
    const proxy = await proxyAnswering(500, '{"error":"boom"}');
    const source = createMonitorProxySource({ url: proxy.url, timeoutMs: 2000 });
    await expect(source.collect({ links: [], signal })).rejects.toMatchObject({ httpStatus: 500 });
  });

  it('fails at the time-out when the proxy never answers', async () => {
    const server = await startLoopbackServer(() => undefined);
    cleanups.push(server.close);
    const source = createMonitorProxySource({ url: server.url, timeoutMs: 200 });
    await expect(source.collect({ links: [], signal })).rejects.toThrow(/no answer/);
  });
});

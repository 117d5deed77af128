import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startLoopbackServer, type LoopbackServer } from '../test-support/loopback.js';
import {
  createHttpProbeSource,
  isProbeable,
  probeLink,
  statusOfAnswer,
  type ProbeOptions,
} from './http-probe.js';

const DOWN = 0;
const UP = 1;
const signal = new AbortController().signal;
const options: ProbeOptions = { timeoutMs: 300, concurrency: 4, authOk: false };

let server: LoopbackServer;
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  server = await startLoopbackServer((request, response) => {
    const path = request.url ?? '';
    const answer = (status: number, headers: Record<string, string> = {}) =>
      response.writeHead(status, headers).end('body that the probe does not read');
    if (path === '/ok') return answer(200);
    if (path === '/no-content') return answer(204);
    if (path === '/redirect') return answer(302, { location: '/ok' });
    if (path === '/redirect-absolute') return answer(301, { location: `${server.url}/ok` });
    if (path === '/redirect-to-missing') return answer(302, { location: '/missing' });
    if (path === '/loop') return answer(302, { location: '/loop' });
    if (path === '/redirect-to-mailto') return answer(302, { location: 'mailto:ops@example.edu' });
    if (path === '/not-modified') return answer(304);
    if (path === '/missing') return answer(404);
    if (path === '/error') return answer(500);
    if (path === '/unavailable') return answer(503);
    if (path === '/login') return answer(401, { 'www-authenticate': 'Basic' });
    if (path === '/forbidden') return answer(403);
    if (path === '/hang') return; // never answers
    if (path.startsWith('/slow')) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        answer(200);
      }, 40);
      return;
    }
    answer(404);
  });
});
afterAll(async () => {
  await server.close();
});

describe('statusOfAnswer', () => {
  it.each<[number, boolean, number]>([
    [200, false, UP],
    [204, false, UP],
    [302, false, UP],
    [399, false, UP],
    [401, false, DOWN],
    [403, false, DOWN],
    [401, true, UP],
    [403, true, UP],
    [404, true, DOWN],
    [429, false, DOWN],
    [500, true, DOWN],
    [503, false, DOWN],
    [199, false, DOWN],
  ])('HTTP %i with authOk=%s is %i', (status, authOk, expected) => {
    expect(statusOfAnswer(status, authOk)).toBe(expected);
  });
});

describe('isProbeable', () => {
  it.each<[string, boolean]>([
    ['https://galaxy.example.edu/', true],
    ['http://127.0.0.1:8080/x', true],
    ['HTTPS://UPPER.example.edu', true],
    ['ftp://files.example.edu/', false],
    ['file:///etc/passwd', false],
    ['mailto:ops@example.edu', false],
    ['javascript:alert(1)', false],
    ['//galaxy.example.edu/', false],
    ['/relative/path', false],
    ['galaxy.example.edu', false],
    ['', false],
  ])('%s -> %s', (link, expected) => {
    expect(isProbeable(link)).toBe(expected);
  });
});

describe('probeLink against local servers', () => {
  it.each<[string, number, RegExp]>([
    ['/ok', UP, /^HTTP 200$/],
    ['/no-content', UP, /HTTP 204/],
    ['/redirect', UP, /HTTP 200 after 1 redirect/],
    ['/redirect-absolute', UP, /HTTP 200 after 1 redirect/],
    ['/redirect-to-missing', DOWN, /HTTP 404 after 1 redirect/],
    ['/loop', UP, /HTTP 302 after 5 redirect/],
    ['/redirect-to-mailto', UP, /HTTP 302/],
    ['/not-modified', UP, /HTTP 304/],
    ['/missing', DOWN, /HTTP 404/],
    ['/error', DOWN, /HTTP 500/],
    ['/unavailable', DOWN, /HTTP 503/],
    ['/login', DOWN, /HTTP 401/],
    ['/forbidden', DOWN, /HTTP 403/],
  ])('%s is %i', async (path, status, detail) => {
    const result = await probeLink(`${server.url}${path}`, options, signal);
    expect(result).toMatchObject({ url: `${server.url}${path}`, status });
    expect(result.detail).toMatch(detail);
  });

  it('counts 401 and 403 as Up when the app is behind a sign-in wall', async () => {
    const authOk = { ...options, authOk: true };
    expect((await probeLink(`${server.url}/login`, authOk, signal)).status).toBe(UP);
    expect((await probeLink(`${server.url}/forbidden`, authOk, signal)).status).toBe(UP);
  });

  it('follows redirects only up to the limit', async () => {
    const before = server.requests.length;
    await probeLink(`${server.url}/loop`, { ...options, maxRedirects: 2 }, signal);
    expect(server.requests.length - before).toBe(3);
  });

  it('is Down at the time-out when the server never answers', async () => {
    const started = Date.now();
    const result = await probeLink(`${server.url}/hang`, options, signal);
    expect(result).toMatchObject({ status: DOWN, detail: 'no answer within 0.3 s' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('is Down at once when the connection is refused', async () => {
    const port = await closedPort();
    const started = Date.now();
    const result = await probeLink(
      `http://127.0.0.1:${port}/`,
      { ...options, timeoutMs: 5000 },
      signal,
    );
    expect(result).toMatchObject({ status: DOWN, detail: 'ECONNREFUSED' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('is Down when a redirect leads to a closed port', async () => {
    const port = await closedPort();
    const redirecting = await startLoopbackServer((_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/` }).end();
    });
    try {
      expect((await probeLink(redirecting.url, options, signal)).status).toBe(DOWN);
    } finally {
      await redirecting.close();
    }
  });
});

describe('probe source', () => {
  it('probes each distinct http(s) link once, with limited concurrency', async () => {
    const links = Array.from({ length: 10 }, (_, index) => `${server.url}/slow-${index}`);
    const source = createHttpProbeSource({ ...options, concurrency: 3 });
    maxInFlight = 0;
    const results = await source.collect({
      links: [...links, links[0] as string, 'ftp://files.example.edu/', 'not a url'],
      signal,
    });
    expect(results.map((result) => result.url)).toEqual(links);
    expect(results.every((result) => result.status === UP)).toBe(true);
    expect(maxInFlight).toBe(3);
  });

  it('gives up when the monitor stops', async () => {
    const controller = new AbortController();
    const source = createHttpProbeSource(options);
    const pending = source.collect({ links: [`${server.url}/hang`], signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('stopped');
  });
});

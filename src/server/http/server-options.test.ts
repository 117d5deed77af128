import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.js';

let contexts: TestContext[] = [];
let sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets = [];
  await Promise.all(contexts.map((ctx) => ctx.close()));
  contexts = [];
});

async function listening(env: Record<string, string> = {}) {
  const ctx = await createTestContext({ env: { RATE_LIMIT: 'false', ...env } });
  contexts.push(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { ctx, port: address.port };
}

/** A raw client: what it received, and when the server closed it. */
function rawClient(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  return { socket, closed, received: () => received };
}

/** Sends one more byte every `everyMs` until the socket closes. */
function trickle(socket: Socket, text: string, everyMs: number) {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(text[i % text.length] ?? ' ');
    i += 1;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

async function timedHealth(port: number) {
  const started = Date.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  return { status: response.status, ms: Date.now() - started };
}

describe('HTTP time-outs', () => {
  it('cuts a slow-header client within HEADERS_TIMEOUT while serving others', async () => {
    const { port } = await listening({ HEADERS_TIMEOUT: '1', REQUEST_TIMEOUT: '30' });
    const client = rawClient(port);
    const started = Date.now();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: portal\r\n');
    trickle(client.socket, 'X-Slow: yes\r\n', 100);
    // Others are served at once meanwhile.
    const other = await timedHealth(port);
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(500);
    const closedAt = await client.closed;
    // 1 s time-out, checked every second.
    expect(closedAt - started).toBeLessThan(3500);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toContain('{"status":408,"code":"request_timeout","message":');
  });

  it('cuts a slow-body client within REQUEST_TIMEOUT while serving others', async () => {
    const { port } = await listening({ HEADERS_TIMEOUT: '1', REQUEST_TIMEOUT: '2' });
    const client = rawClient(port);
    const started = Date.now();
    client.socket.write(
      'POST /auth/logout HTTP/1.1\r\nHost: portal\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\n',
    );
    trickle(client.socket, 'a', 100);
    expect((await timedHealth(port)).status).toBe(200);
    const closedAt = await client.closed;
    expect(closedAt - started).toBeLessThan(4500);
    expect(closedAt - started).toBeGreaterThanOrEqual(1900);
    expect((await timedHealth(port)).ms).toBeLessThan(500);
  });

  it('closes idle keep-alive connections after KEEP_ALIVE_TIMEOUT', async () => {
    const { port } = await listening({ KEEP_ALIVE_TIMEOUT: '1' });
    const client = rawClient(port);
    const started = Date.now();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: portal\r\n\r\n');
    const closedAt = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(closedAt - started).toBeLessThan(4000);
  });

  it('caps open connections at MAX_CONNECTIONS', async () => {
    const { ctx, port } = await listening({ MAX_CONNECTIONS: '3' });
    expect(ctx.app.server.maxConnections).toBe(3);
    const open = [rawClient(port), rawClient(port), rawClient(port)];
    await Promise.all(open.map((c) => new Promise((r) => c.socket.once('connect', r))));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const extra = rawClient(port);
    await extra.closed;
    expect(extra.received()).toBe('');
    for (const c of open) c.socket.destroy();
    await Promise.all(open.map((c) => c.closed));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await timedHealth(port)).status).toBe(200);
  });
});

describe('error bodies Node and the router write', () => {
  it('answers 431 (headers too large) with the project error body', async () => {
    const { port } = await listening();
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { 'x-big': 'a'.repeat(20_000) },
    });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      status: 431,
      code: 'headers_too_large',
      message: 'The request headers are too large.',
      data: {},
    });
  });

  it('answers 414 (path parameter too long) with the project error body', async () => {
    const { port } = await listening();
    const response = await fetch(`http://127.0.0.1:${port}/api/me/favorites/${'a'.repeat(300)}`, {
      method: 'PUT',
    });
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({
      status: 414,
      code: 'uri_too_long',
      message: 'The request address is too long.',
      data: {},
    });
  });

  it('answers 400 for a malformed request line with the project error body', async () => {
    const { port } = await listening();
    const client = rawClient(port);
    client.socket.write('BROKEN\r\n\r\n');
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(client.received()).toContain('"status":400');
  });
});

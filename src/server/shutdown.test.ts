import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/net.mjs';
import { startMain, type RunningMain, PROCESS_TEST_TIMEOUT_MS } from './test-support/run-main.js';

// Each test starts the real server in a child process (TypeScript compiled on the fly).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT_MS });

let dir: string;
let running: RunningMain[] = [];
let sockets: Socket[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shutdown-'));
});
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets = [];
  for (const server of running) {
    server.signal('SIGKILL');
    await server.exited;
  }
  running = [];
  rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const port = await freePort();
  const server = startMain({
    DATA_DIR: dir,
    PORT: String(port),
    DEMO_CATALOG: 'false',
    MONITOR_PROBE: 'false',
    REQUEST_TIMEOUT: '120',
    ...env,
  });
  running.push(server);
  await server.ready;
  return { server, port };
}

function client(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const connected = new Promise((resolve) => socket.once('connect', resolve));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, connected, closed, received: () => received };
}

/** Headers of a request whose body has not arrived yet: the request is in flight. */
const UNFINISHED =
  'POST /auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\n' +
  'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\n12345';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown of the real server process', () => {
  it('finishes the request in flight, closes idle keep-alive sockets and exits 0', async () => {
    const { server, port } = await start();
    const idle = client(port);
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const busy = client(port);
    await busy.connected;
    busy.socket.write(UNFINISHED);
    await pause(200);

    const signalled = Date.now();
    server.signal('SIGTERM');
    await pause(300);
    busy.socket.write('67890');
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(5000);
    expect(busy.received()).toMatch(/^HTTP\/1\.1 (303|403) /);
    await idle.closed;
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(server.output()).toMatch(/Shut down in \d+ ms/);
    // New connections are refused once it is gone.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it('exits 1 within SHUTDOWN_TIMEOUT when a client never finishes its request', async () => {
    const { server, port } = await start({ SHUTDOWN_TIMEOUT: '2' });
    const stuck = client(port);
    await stuck.connected;
    stuck.socket.write(UNFINISHED);
    await pause(200);
    const signalled = Date.now();
    server.signal('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - signalled).toBeGreaterThanOrEqual(1900);
    expect(at - signalled).toBeLessThan(4500);
    expect(server.output()).toContain('Shutdown did not finish within SHUTDOWN_TIMEOUT (2 s)');
  });

  it('exits at once on a second signal', async () => {
    const { server, port } = await start({ SHUTDOWN_TIMEOUT: '60' });
    const stuck = client(port);
    await stuck.connected;
    stuck.socket.write(UNFINISHED);
    await pause(200);
    server.signal('SIGTERM');
    await pause(300);
    const second = Date.now();
    server.signal('SIGINT');
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - second).toBeLessThan(1500);
    expect(server.output()).toContain('received again: exiting now');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './net.mjs';

const RANGE = '/proc/sys/net/ipv4/ip_local_port_range';

describe('freePort', () => {
  it('gives a port a server can bind on loopback', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });

  it.runIf(existsSync(RANGE))(
    'stays below the ports the system gives outgoing connections',
    async () => {
      const [low] = readFileSync(RANGE, 'utf8').trim().split(/\s+/).map(Number);
      for (let i = 0; i < 20; i += 1) expect(await freePort()).toBeLessThan(low);
    },
  );
});

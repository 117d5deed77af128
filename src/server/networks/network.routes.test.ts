import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Network } from '../../shared/network/networks.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { getFrom } from '../test-support/get-from.js';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { createNetworksRepository } from './networks.repository.js';

// Which network a visitor is on (docs/networks.md, decision 0058): from the connection's address,
// or from forwarding headers only when the peer is a trusted proxy. Ranges inside 127/8 stand for
// "campus" and "VPN": the whole block is loopback, so a client can bind 127.0.0.2 or 127.0.0.3.

const CAMPUS: Network = {
  id: 'campus',
  name: 'Campus network',
  ranges: ['127.0.0.2/32', '10.0.0.0/8', '2001:db8::/32'],
};
const VPN: Network = { id: 'vpn', name: 'VPN', ranges: ['127.0.0.3/32', '10.8.0.0/16'] };

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function portal(env: Record<string, string> = {}, networks = [CAMPUS, VPN]) {
  ctx = await createTestContext({ env });
  const repository = createNetworksRepository(ctx.db);
  await ctx.db.transaction().execute((trx) => repository.replace(trx, networks));
  return ctx;
}

async function networkFrom(
  remoteAddress: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await ctx!.app.inject({ url: '/api/network', remoteAddress, headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/network', () => {
  it('answers by the connection address on a real socket: 127.0.0.2 campus, 127.0.0.3 VPN', async () => {
    await portal();
    await ctx!.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx!.app.server.address() as AddressInfo;
    const campus = await getFrom(port, '127.0.0.2', '/api/network');
    expect(campus.status).toBe(200);
    expect(JSON.parse(campus.body)).toEqual({ network: 'campus', name: 'Campus network' });
    expect(campus.headers).toMatchObject({ 'cache-control': 'no-store' });
    expect(JSON.parse((await getFrom(port, '127.0.0.3', '/api/network')).body)).toEqual({
      network: 'vpn',
      name: 'VPN',
    });
    expect(JSON.parse((await getFrom(port, '127.0.0.4', '/api/network')).body)).toEqual({
      network: null,
      name: null,
    });
  });

  it('classifies IPv4, IPv6 and IPv4-mapped IPv6 addresses; the most specific range wins', async () => {
    await portal();
    expect(await networkFrom('10.1.2.3')).toEqual({ network: 'campus', name: 'Campus network' });
    expect(await networkFrom('::ffff:10.1.2.3')).toEqual({
      network: 'campus',
      name: 'Campus network',
    });
    expect(await networkFrom('2001:db8:1::5')).toMatchObject({ network: 'campus' });
    // 10.8.0.0/16 (VPN) lies inside 10.0.0.0/8 (campus): the longer prefix wins.
    expect(await networkFrom('10.8.4.4')).toMatchObject({ network: 'vpn' });
    expect(await networkFrom('198.51.100.7')).toEqual({ network: null, name: null });
  });

  it('never names the visitor’s address', async () => {
    await portal();
    const response = await ctx!.app.inject({ url: '/api/network', remoteAddress: '10.1.2.3' });
    expect(response.body).not.toContain('10.1.2.3');
  });

  it('ignores forwarding headers from a peer that is not a trusted proxy', async () => {
    await portal({ TRUSTED_PROXIES: '192.0.2.10' });
    const spoofed = { 'x-forwarded-for': '10.1.2.3', forwarded: 'for=10.1.2.3' };
    expect(await networkFrom('198.51.100.7', spoofed)).toEqual({ network: null, name: null });
    // Without any trusted proxy, headers count from nobody.
    await ctx!.close();
    await portal();
    expect(await networkFrom('198.51.100.7', spoofed)).toEqual({ network: null, name: null });
  });

  it('believes a trusted proxy chain (TRUSTED_PROXIES), X-Forwarded-For or Forwarded', async () => {
    await portal({ TRUSTED_PROXIES: '192.0.2.0/28, 2001:db8:ffff::/48' });
    expect(await networkFrom('192.0.2.10', { 'x-forwarded-for': '10.1.2.3' })).toMatchObject({
      network: 'campus',
    });
    expect(
      await networkFrom('192.0.2.10', { 'x-forwarded-for': '10.8.1.1, 192.0.2.11' }),
    ).toMatchObject({ network: 'vpn' });
    // The client's own claim is not believed past an untrusted hop.
    expect(
      await networkFrom('192.0.2.10', { 'x-forwarded-for': '10.1.2.3, 198.51.100.7' }),
    ).toEqual({ network: null, name: null });
    expect(
      await networkFrom('2001:db8:ffff::1', { forwarded: 'for="[2001:db8:cafe::17]:4711"' }),
    ).toMatchObject({ network: 'campus' });
    expect(await networkFrom('192.0.2.10', { forwarded: 'for=_hidden' })).toEqual({
      network: null,
      name: null,
    });
  });

  it('counts a TRUST_PROXY list of addresses, but not TRUST_PROXY=true (no list to check)', async () => {
    await portal({ TRUST_PROXY: '192.0.2.10' });
    expect(await networkFrom('192.0.2.10', { 'x-forwarded-for': '10.1.2.3' })).toMatchObject({
      network: 'campus',
    });
    await ctx!.close();
    await portal({ TRUST_PROXY: 'true' });
    expect(await networkFrom('192.0.2.10', { 'x-forwarded-for': '10.1.2.3' })).toEqual({
      network: null,
      name: null,
    });
  });

  it('is on no network while no networks are defined', async () => {
    await portal({}, []);
    expect(await networkFrom('10.1.2.3')).toEqual({ network: null, name: null });
  });
});

describe('TRUSTED_PROXIES', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: '/tmp/portal', DEMO_CATALOG: 'false', ...env });

  it('takes canonical ranges; unset trusts no proxy', () => {
    expect(load({ TRUSTED_PROXIES: '192.0.2.1, 10.0.0.0/8,::1' }).trustedProxies).toEqual([
      '192.0.2.1/32',
      '10.0.0.0/8',
      '::1/128',
    ]);
    expect(load({}).trustedProxies).toEqual([]);
  });

  it('names a bad range, and refuses TRUST_PROXY beside it', () => {
    expect(() => load({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      /TRUSTED_PROXIES="10.0.0.0\/33": "10.0.0.0\/33" has a bad prefix length/,
    );
    expect(() => load({ TRUSTED_PROXIES: '10.0.0.1', TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => load({ TRUSTED_PROXIES: '10.0.0.1', TRUST_PROXY: 'true' })).toThrow(
      /TRUSTED_PROXIES and TRUST_PROXY are both set/,
    );
  });

  it('sets the client address of rate limits and logs too (Fastify’s trustProxy)', async () => {
    await portal({ TRUSTED_PROXIES: '192.0.2.10' });
    ctx!.app.get('/test/ip', async (request) => ({ ip: request.ip }));
    const response = await ctx!.app.inject({
      url: '/test/ip',
      remoteAddress: '192.0.2.10',
      headers: { 'x-forwarded-for': '10.1.2.3' },
    });
    expect(response.json()).toEqual({ ip: '10.1.2.3' });
  });
});

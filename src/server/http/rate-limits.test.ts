import { afterEach, describe, expect, it } from 'vitest';
import { createFakeOidc } from '../auth/test-support/fake-oidc.js';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { limitsFor } from './rate-limits.js';

let contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close()));
  contexts = [];
});

async function portal(env: Record<string, string>) {
  const ctx = await createTestContext({
    env: { PUBLIC_URL: 'http://portal.test', ...env },
    deps: { oidc: createFakeOidc({ sub: 'alice' }).oidc },
    apps: [{ id: 'public-app', isPublic: true }],
  });
  contexts.push(ctx);
  return ctx;
}

const REMOTE = '203.0.113.7';
const OTHER = '198.51.100.9';

describe('rate limits', () => {
  it('sorts requests into the limits they count against', () => {
    expect(limitsFor('GET', '/auth/login?returnTo=/')).toEqual(['auth', 'global']);
    expect(limitsFor('PUT', '/api/me/favorites/x')).toEqual(['write', 'global']);
    expect(limitsFor('PUT', '/api/me/favorites')).toEqual(['write', 'global']);
    expect(limitsFor('GET', '/api/apps')).toEqual(['global']);
    expect(limitsFor('GET', '/')).toEqual(['global']);
    for (const path of ['/api/health', '/api/health/live', '/api/health/ready', '/metrics']) {
      expect(limitsFor('GET', path)).toEqual([]);
    }
  });

  it('limits /auth per client address: 429, Retry-After and the project error body', async () => {
    const ctx = await portal({ RATE_LIMIT_AUTH: '3' });
    const login = (remoteAddress: string) =>
      ctx.app.inject({ url: '/auth/login?returnTo=/', remoteAddress });
    for (let i = 0; i < 3; i += 1) expect((await login(REMOTE)).statusCode).toBe(303);
    const refused = await login(REMOTE);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      status: 429,
      code: 'too_many_requests',
      message: expect.stringMatching(
        /^Too many requests\. Please wait \d+ seconds? and try again\.$/,
      ),
      data: { limit: 'auth', retryAfter: Number(refused.headers['retry-after']) },
    });
    // Security headers are still sent, and nothing was written for the refused request.
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect((await ctx.db.selectFrom('signOnStates').selectAll().execute()).length).toBe(3);
    // Another client is served; so are the public API and health checks of the same client.
    expect((await login(OTHER)).statusCode).toBe(303);
    expect((await ctx.app.inject({ url: '/api/apps', remoteAddress: REMOTE })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ url: '/api/health', remoteAddress: REMOTE })).statusCode).toBe(
      200,
    );
  });

  it('limits state-changing API requests per client, not reads', async () => {
    const ctx = await portal({ RATE_LIMIT_WRITE: '2' });
    const write = () =>
      ctx.app.inject({ method: 'PUT', url: '/api/me/favorites/public-app', remoteAddress: REMOTE });
    expect((await write()).statusCode).toBe(401);
    expect((await write()).statusCode).toBe(401);
    expect((await write()).statusCode).toBe(429);
    expect((await ctx.app.inject({ url: '/api/apps', remoteAddress: REMOTE })).statusCode).toBe(
      200,
    );
  });

  it('has a global ceiling per client that skips the allow-listed loopback addresses', async () => {
    const ctx = await portal({ RATE_LIMIT_GLOBAL: '5' });
    const get = (remoteAddress: string) => ctx.app.inject({ url: '/api/apps', remoteAddress });
    for (let i = 0; i < 5; i += 1) expect((await get(REMOTE)).statusCode).toBe(200);
    const refused = await get(REMOTE);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ data: { limit: 'global' } });
    expect((await ctx.app.inject({ url: '/nowhere', remoteAddress: REMOTE })).statusCode).toBe(429);
    // A benchmark or health checker on loopback is never cut by the ceiling.
    for (let i = 0; i < 20; i += 1) expect((await get('127.0.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 20; i += 1) expect((await get('::1')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY trusts the peer', async () => {
    const untrusted = await portal({ RATE_LIMIT_GLOBAL: '2' });
    const spoof = (ctx: TestContext, forwardedFor: string, remoteAddress = REMOTE) =>
      ctx.app.inject({
        url: '/api/apps',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    expect((await spoof(untrusted, '10.0.0.1')).statusCode).toBe(200);
    expect((await spoof(untrusted, '10.0.0.2')).statusCode).toBe(200);
    expect((await spoof(untrusted, '10.0.0.3')).statusCode).toBe(429);

    // Behind a trusted proxy each forwarded client has its own budget.
    const proxied = await portal({ RATE_LIMIT_GLOBAL: '2', TRUST_PROXY: '192.0.2.1' });
    for (let i = 0; i < 2; i += 1) {
      expect((await spoof(proxied, '10.0.0.1', '192.0.2.1')).statusCode).toBe(200);
    }
    expect((await spoof(proxied, '10.0.0.1', '192.0.2.1')).statusCode).toBe(429);
    expect((await spoof(proxied, '10.0.0.2', '192.0.2.1')).statusCode).toBe(200);
  });

  it('can be turned off', async () => {
    const ctx = await portal({ RATE_LIMIT: 'false', RATE_LIMIT_AUTH: '1' });
    for (let i = 0; i < 3; i += 1) {
      const response = await ctx.app.inject({ url: '/auth/login', remoteAddress: REMOTE });
      expect(response.statusCode).toBe(303);
    }
  });
});

describe('pending sign-on caps', () => {
  const states = async (ctx: TestContext) =>
    (await ctx.db.selectFrom('signOnStates').selectAll().execute()).length;

  it('keeps at most SIGN_ON_PENDING_PER_CLIENT per client, newest first', async () => {
    const ctx = await portal({ SIGN_ON_PENDING_PER_CLIENT: '3' });
    const starts = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await ctx.app.inject({ url: '/auth/login', remoteAddress: REMOTE });
      starts.push(new URL(response.headers.location ?? '').searchParams.get('state'));
    }
    expect(await states(ctx)).toBe(3);
    const reason = async (state: string | null) => {
      const response = await ctx.app.inject({
        url: `/auth/callback?code=x&state=${state}`,
        remoteAddress: REMOTE,
        headers: { accept: 'application/json' },
      });
      return (response.json() as { data: { reason: string } }).data.reason;
    };
    expect(await reason(starts[0]!)).toBe('unknown_state');
    expect(await reason(starts[4]!)).toBe('other_browser');
    await ctx.app.inject({ url: '/auth/login', remoteAddress: OTHER });
    expect(await states(ctx)).toBe(3);
  });

  it('keeps at most SIGN_ON_PENDING_MAX in total, dropping the oldest', async () => {
    const ctx = await portal({ SIGN_ON_PENDING_MAX: '10', RATE_LIMIT_AUTH: '1000' });
    for (let i = 0; i < 25; i += 1) {
      await ctx.app.inject({ url: '/auth/login', remoteAddress: `203.0.113.${i + 1}` });
    }
    expect(await states(ctx)).toBe(10);
  });
});

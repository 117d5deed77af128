import { afterEach, describe, expect, it } from 'vitest';
import { createFakeOidc } from '../auth/test-support/fake-oidc.js';
import { currentDialect } from '../db/test-support/test-database.js';
import { createTestContext, type TestContext } from '../test-support/test-app.js';
import { createSharedStore } from './shared-rate-limit-store.js';

let contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((ctx) => ctx.close()));
  contexts = [];
});

const REMOTE = '203.0.113.7';

/** Two instances of the portal on one database (the second uses the first one's). */
async function twoInstances(env: Record<string, string>) {
  const spec = {
    env: { PUBLIC_URL: 'http://portal.test', ...env },
    deps: { oidc: createFakeOidc({ sub: 'alice' }).oidc },
  };
  const a = await createTestContext(spec);
  contexts.push(a);
  const b = await createTestContext({ ...spec, deps: { ...spec.deps, db: a.db } });
  contexts.push(b);
  return [a, b] as const;
}

const login = (ctx: TestContext) =>
  ctx.app.inject({ url: '/auth/login?returnTo=/', remoteAddress: REMOTE });

describe.runIf(currentDialect() === 'postgres')('rate limits across instances (PostgreSQL)', () => {
  it('counts the auth limit in the shared database: 2 on A + 2 on B, the 5th is refused', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_AUTH: '4' });
    for (const ctx of [a, a, b, b]) expect((await login(ctx)).statusCode).toBe(303);
    for (const ctx of [a, b]) {
      const refused = await login(ctx);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({
        status: 429,
        code: 'too_many_requests',
        message: expect.stringMatching(
          /^Too many requests\. Please wait \d+ seconds? and try again\.$/,
        ),
        data: { limit: 'auth', retryAfter },
      });
    }
    const row = await a.db.selectFrom('rateLimits').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: `auth:${REMOTE}`, hits: 6 });
  });

  it('shares the write limit too', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_WRITE: '2' });
    const write = (ctx: TestContext) =>
      ctx.app.inject({ method: 'PUT', url: '/api/me/favorites/x', remoteAddress: REMOTE });
    for (const ctx of [a, b]) expect((await write(ctx)).statusCode).not.toBe(429);
    const refused = await write(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      data: { limit: 'write' },
    });
  });

  it('keeps the global ceiling per instance (no row for it)', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_GLOBAL: '2', RATE_LIMIT_GLOBAL_ALLOW: '' });
    const apps = (ctx: TestContext) => ctx.app.inject({ url: '/api/apps', remoteAddress: REMOTE });
    for (const ctx of [a, a, b, b]) expect((await apps(ctx)).statusCode).toBe(200);
    expect((await apps(a)).statusCode).toBe(429);
    expect(await a.db.selectFrom('rateLimits').selectAll().execute()).toEqual([]);
  });

  it('never answers 500 when the shared counters fail: counts in memory instead', async () => {
    const [a] = await twoInstances({ RATE_LIMIT_AUTH: '2' });
    await a.db.schema.dropTable('rateLimits').execute();
    for (let i = 0; i < 2; i += 1) expect((await login(a)).statusCode).toBe(303);
    expect((await login(a)).statusCode).toBe(429);
  });

  it('restarts an expired window and prunes expired rows', async () => {
    const [a] = await twoInstances({});
    const shared = createSharedStore(a.db, { isShared: () => true, onFailure: () => undefined });
    const store = new shared.Store({});
    const incr = (timeWindow: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) => {
        store.incr(
          'write:x',
          (error, result) => (error ? reject(error) : resolve(result!)),
          timeWindow,
          5,
        );
      });
    expect((await incr(1)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await incr(60_000)).current).toBe(1);
    expect((await incr(60_000)).current).toBe(2);
    await shared.prune(Date.now() + 61_000);
    expect(await a.db.selectFrom('rateLimits').selectAll().execute()).toEqual([]);
  });
});

describe('shared rate-limit store when the database fails', () => {
  it('counts in memory and reports the failure once', async () => {
    const [a] = await twoInstances({});
    const failures: unknown[] = [];
    const shared = createSharedStore(a.db, {
      isShared: () => true,
      onFailure: (error) => failures.push(error),
    });
    const store = new shared.Store({});
    await a.db.schema.dropTable('rateLimits').execute();
    const incr = () =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) => {
        store.incr(
          'auth:x',
          (error, result) => (error ? reject(error) : resolve(result!)),
          60_000,
          5,
        );
      });
    expect((await incr()).current).toBe(1);
    expect((await incr()).current).toBe(2);
    expect(failures).toHaveLength(1);
  });
});

describe.runIf(currentDialect() === 'sqlite')('rate limits on SQLite', () => {
  it('keep the counters in memory (one instance per SQLite database)', async () => {
    const [a] = await twoInstances({ RATE_LIMIT_AUTH: '2' });
    for (let i = 0; i < 2; i += 1) expect((await login(a)).statusCode).toBe(303);
    expect((await login(a)).statusCode).toBe(429);
    expect(await a.db.selectFrom('rateLimits').selectAll().execute()).toEqual([]);
  });
});

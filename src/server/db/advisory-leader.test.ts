import { afterAll, describe, expect, it } from 'vitest';
import { createAdvisoryLeadership, startLeaderLoop } from './advisory-leader.js';
import { createPostgresDatabase } from './test-support/test-database.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

// A lock key of this test's own, so that parallel test files never meet.
const testKey = () => 7_365_000_000 + Math.floor(Math.random() * 1_000_000);

describe('advisory leadership', () => {
  it('on SQLite (no PostgreSQL URL) this process leads alone until it stops', async () => {
    const alone = createAdvisoryLeadership(undefined, testKey());
    expect(await alone.check()).toBe(true);
    expect(await alone.check()).toBe(true);
    await alone.stop();
    expect(await alone.check()).toBe(false);
  });

  it('on PostgreSQL exactly one instance leads, and another takes over when it stops', async () => {
    const database = await createPostgresDatabase('portal_advisory_leader');
    cleanups.push(() => database.drop());
    const key = testKey();
    const a = createAdvisoryLeadership(database.url, key);
    const b = createAdvisoryLeadership(database.url, key);
    const other = createAdvisoryLeadership(database.url, key + 1);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
      () => other.stop(),
    );
    const first = await Promise.all([a.check(), b.check(), a.check(), b.check()]);
    expect(first.filter(Boolean)).toHaveLength(2);
    const [leader, follower] = first[0] ? [a, b] : [b, a];
    expect(await leader.check()).toBe(true);
    expect(await follower.check()).toBe(false);
    // Another key is another job: its lock is free.
    expect(await other.check()).toBe(true);
    await leader.stop();
    expect(await leader.check()).toBe(false);
    expect(await follower.check()).toBe(true);
  });

  it('an unreachable PostgreSQL means not leading, not a crash', async () => {
    const lost = createAdvisoryLeadership('postgres://nobody@127.0.0.1:1/none', testKey());
    cleanups.push(() => lost.stop());
    expect(await lost.check()).toBe(false);
  });
});

describe('the leader loop', () => {
  it('runs passes on the leader only, one at a time, and reports failures without stopping', async () => {
    let leading = false;
    const passes: number[] = [];
    const errors: unknown[] = [];
    let release: () => void = () => undefined;
    const loop = startLeaderLoop({
      leadership: { check: async () => leading },
      intervalMs: 60_000,
      pass: async () => {
        passes.push(passes.length);
        if (passes.length === 2) throw new Error('boom');
        if (passes.length === 3) await new Promise<void>((resolve) => (release = resolve));
      },
      onError: (error) => errors.push(error),
    });
    cleanups.push(async () => loop.stop());
    await loop.tick();
    expect(passes).toEqual([]);
    leading = true;
    await loop.tick();
    await loop.tick();
    expect(passes).toEqual([0, 1]);
    expect(errors).toEqual([new Error('boom')]);
    // A pass under way: a second tick joins it instead of starting another.
    const third = loop.tick();
    const joined = loop.tick();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(passes).toEqual([0, 1, 2]);
    release();
    await Promise.all([third, joined]);
    expect(passes).toEqual([0, 1, 2]);
  });
});

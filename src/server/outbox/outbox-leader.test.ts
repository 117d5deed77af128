import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../db/test-support/test-database.js';
import { createOutboxLeadership } from './outbox-leader.js';

// PostgreSQL only: several instances share one database there, and one of them sends.
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

describe('one outbox sender for several instances', () => {
  it('lets exactly one instance lead, and another take over when it stops', async () => {
    const database = await createPostgresDatabase('portal_outbox_leader');
    cleanups.push(() => database.drop());
    // A lock key of this test's own, so that parallel test files never meet.
    const key = 7_364_000_000 + Math.floor(Math.random() * 1_000_000);
    const a = createOutboxLeadership(database.url, key);
    const b = createOutboxLeadership(database.url, key);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    const first = await Promise.all([a.check(), b.check()]);
    expect(first.filter(Boolean)).toHaveLength(1);
    const [leader, other] = first[0] ? [a, b] : [b, a];
    expect(await leader.check()).toBe(true);
    expect(await other.check()).toBe(false);
    await leader.stop();
    expect(await leader.check()).toBe(false);
    expect(await other.check()).toBe(true);
  });
});

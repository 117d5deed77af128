import { afterAll, describe, expect, it } from 'vitest';
import { createAdvisoryLeadership } from '../db/advisory-leader.js';
import { connectDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createPostgresDatabase, currentDialect } from '../db/test-support/test-database.js';
import {
  addPerson,
  notificationMails,
  seedApps,
  setState,
  testNotifier,
} from './test-support/notify-fixtures.js';

// PostgreSQL only: two notifier instances, each with its own connection pool and its own
// advisory-lock connection, on one database, started as main.ts starts them (timer and lock).
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const MIN = 60_000;

describe.runIf(currentDialect() === 'postgres')('two notifier instances on PostgreSQL', () => {
  it('one leads; every follower gets exactly one mail, also when the leader stops', async () => {
    const database = await createPostgresDatabase('portal_notifier');
    cleanups.push(() => database.drop());
    const open = async (): Promise<Db> => {
      const db = await connectDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
      cleanups.push(() => db.destroy());
      return db;
    };
    const [one, two] = [await open(), await open()];
    await migrateToLatest(one);
    await seedApps(one, [
      { id: 'napari', isPublic: true },
      { id: 'fiji', isPublic: true },
    ]);
    const clock = { now: Date.parse('2026-11-25T10:00:00Z') };
    await setState(one, 'napari', 'up', clock.now - 60 * MIN);
    await setState(one, 'fiji', 'up', clock.now - 60 * MIN);
    for (let i = 0; i < 20; i += 1) {
      await addPerson(one, { subject: `p${i}`, follows: ['napari', 'fiji'] });
    }
    // A lock key of this test's own, so that parallel test files never meet.
    const key = 7_364_100_000 + Math.floor(Math.random() * 1_000_000);
    const leaderships = [one, two].map(() => createAdvisoryLeadership(database.url, key));
    const notifiers = [one, two].map((db, i) =>
      testNotifier(db, clock, { leadership: leaderships[i], intervalMs: 20 }),
    );
    for (const notifier of notifiers) {
      notifier.start();
      cleanups.push(() => notifier.stop());
    }
    const tick = async (times: number) => {
      for (let i = 0; i < times; i += 1) {
        clock.now += MIN / 2;
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
    };
    await tick(4); // both apps seen
    const leading = await Promise.all(leaderships.map((leadership) => leadership.check()));
    expect(leading.filter(Boolean)).toHaveLength(1);
    await setState(one, 'napari', 'down', clock.now);
    await tick(12);
    expect(await notificationMails(one)).toHaveLength(20);

    // The leader goes away; the other takes over and announces the next change, once.
    await Promise.all(notifiers.map((notifier) => notifier.stop()));
    const survivor = testNotifier(two, clock, {
      leadership: createAdvisoryLeadership(database.url, key),
      intervalMs: 20,
    });
    const rival = testNotifier(one, clock, {
      leadership: createAdvisoryLeadership(database.url, key),
      intervalMs: 20,
    });
    for (const notifier of [survivor, rival]) {
      notifier.start();
      cleanups.push(() => notifier.stop());
    }
    await setState(one, 'fiji', 'down', clock.now);
    await tick(12);
    const mails = await notificationMails(one);
    expect(mails).toHaveLength(40);
    const perPerson = new Map<string, number>();
    for (const mail of mails)
      perPerson.set(mail.to[0] ?? '', (perPerson.get(mail.to[0] ?? '') ?? 0) + 1);
    expect([...new Set(perPerson.values())]).toEqual([2]);
    expect(await one.selectFrom('notifyQueue').selectAll().execute()).toEqual([]);
  });
});

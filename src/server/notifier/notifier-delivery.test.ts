import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import { createMailer } from '../outbox/mailer.js';
import { createOutboxSender } from '../outbox/outbox-sender.js';
import { startSmtpTestServer } from '../outbox/test-support/smtp-test-server.js';
import {
  addPerson,
  notificationMails,
  seedApps,
  setState,
  testNotifier,
} from './test-support/notify-fixtures.js';
import { useUnsubscribeToken } from './unsubscribe.js';

const START = Date.parse('2026-11-25T10:00:00Z');
const MIN = 60_000;
let db: Db;
const clock = { now: START };
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  db = await openTestDatabase();
  clock.now = START;
  await seedApps(db, [
    { id: 'napari', name: 'Napari', isPublic: true },
    { id: 'fiji', name: 'Fiji', isPublic: true },
  ]);
  await setState(db, 'napari', 'up', START - 60 * MIN);
  await setState(db, 'fiji', 'up', START - 60 * MIN);
});

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  await db.destroy();
});

/** Mails per recipient address. */
async function perPerson(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const mail of await notificationMails(db)) {
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

describe('exactly once', () => {
  it('after a restart: a new notifier instance on the same database sends nothing twice', async () => {
    await addPerson(db, { subject: 'alice', follows: ['napari', 'fiji'] });
    const first = testNotifier(db, clock);
    await first.runOnce();
    await setState(db, 'napari', 'down', clock.now);
    clock.now += 3 * MIN;
    await first.runOnce(); // confirmed and queued; the batch is not due yet
    await first.stop(); // the process ends here

    const second = testNotifier(db, clock);
    await second.runOnce(); // not announced again
    expect(await db.selectFrom('notifyQueue').selectAll().execute()).toHaveLength(1);
    clock.now += 2 * MIN;
    await second.runOnce();
    expect(await notificationMails(db)).toHaveLength(1);
    await second.stop();

    const third = testNotifier(db, clock);
    for (let i = 0; i < 5; i += 1) {
      clock.now += MIN;
      await third.runOnce();
    }
    expect(await notificationMails(db)).toHaveLength(1);
  });

  // On PostgreSQL (the node-postgres project) the two instances' passes run at the same time on
  // separate connections; the advisory lock keeps them apart in production, and the
  // compare-and-set writes keep every change and every mail single even without it.
  it('with two instances on one database, every person gets one mail per change', async () => {
    const people = Array.from({ length: 30 }, (_, i) => `p${i}`);
    for (const subject of people) await addPerson(db, { subject, follows: ['napari', 'fiji'] });
    const a = testNotifier(db, clock);
    const b = testNotifier(db, clock);
    await Promise.all([a.runOnce(), b.runOnce()]);
    await setState(db, 'napari', 'down', clock.now);
    await setState(db, 'fiji', 'down', clock.now);
    for (let i = 0; i < 6; i += 1) {
      clock.now += MIN;
      await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    }
    const counts = await perPerson();
    expect(counts.size).toBe(30);
    expect([...new Set(counts.values())]).toEqual([1]);
    expect(await db.selectFrom('notifyQueue').selectAll().execute()).toEqual([]);
    const states = await db.selectFrom('notifyAppStates').selectAll().orderBy('appId').execute();
    expect(states.map((row) => row.state)).toEqual(['down', 'down']);
  });
});

describe('a burst', () => {
  it('larger than one transaction: every follower gets one mail listing every app', async () => {
    const apps = Array.from({ length: 20 }, (_, i) => `b${i}`);
    await seedApps(
      db,
      apps.map((id) => ({ id, isPublic: true })),
    );
    for (const id of apps) await setState(db, id, 'up', START - 60 * MIN);
    // 120 people x 20 apps: 2,400 queue rows, more than one transaction takes.
    for (let i = 0; i < 120; i += 1) await addPerson(db, { subject: `q${i}`, follows: apps });
    const notifier = testNotifier(db, clock);
    await notifier.runOnce();
    for (const id of apps) await setState(db, id, 'down', clock.now);
    clock.now += 3 * MIN;
    expect((await notifier.runOnce()).changes).toHaveLength(20);
    clock.now += 2 * MIN;
    await notifier.runOnce();
    const counts = await perPerson();
    expect(counts.size).toBe(120);
    expect([...new Set(counts.values())]).toEqual([1]);
    const [mail] = await notificationMails(db);
    expect(mail?.subject).toBe('Status changes of 20 apps');
  });
});

describe('the mail on a real SMTP server', () => {
  it('arrives with the List-Unsubscribe headers; the link unsubscribes; sent is counted', async () => {
    const smtp = await startSmtpTestServer();
    cleanups.push(smtp.close);
    await addPerson(db, { subject: 'alice', follows: ['napari'] });
    const notifier = testNotifier(db, clock);
    await notifier.runOnce();
    await setState(db, 'napari', 'down', clock.now);
    for (let i = 0; i < 5; i += 1) {
      clock.now += MIN;
      await notifier.runOnce();
    }
    const settled: string[] = [];
    const sender = createOutboxSender({
      db,
      mailer: createMailer({ smtpUrl: smtp.url, from: 'Portal <portal@example.edu>' }),
      webhook: null,
      now: () => clock.now,
      onSettled: (message, outcome) => {
        if (message.kind === 'mail' && message.topic === 'notification') settled.push(outcome);
      },
    });
    cleanups.push(() => sender.stop());
    expect((await sender.runOnce()).sent).toBe(1);
    expect(settled).toEqual(['sent']);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['alice@example.edu']);
    expect(mail?.subject).toBe('Status change: Napari');
    // The header may be folded onto a second line.
    const header = /^List-Unsubscribe:\s+<([^>]+)>/im.exec(mail?.raw ?? '');
    expect(header?.[1]).toMatch(/^https:\/\/portal\.example\.edu\/unsubscribe\?token=[\w-]{43}$/);
    expect(mail?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(mail?.decoded).toContain('Napari is down');
    const token = new URL(header?.[1] ?? 'https://x/').searchParams.get('token') ?? '';
    expect(await useUnsubscribeToken(db, token, clock.now, new Date(clock.now).toISOString())).toBe(
      'unsubscribed',
    );
  });
});

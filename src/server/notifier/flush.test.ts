import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import {
  addPerson,
  countingCounters,
  notificationMails,
  seedApps,
  setState,
  testNotifier,
} from './test-support/notify-fixtures.js';

const START = Date.parse('2026-11-25T10:00:00Z');
const MIN = 60_000;
const LONG_AGO = Date.parse('2026-01-01T00:00:00Z');
let db: Db;
const clock = { now: START };
const APPS = Array.from({ length: 20 }, (_, i) => `app${String(i).padStart(2, '0')}`);

beforeEach(async () => {
  db = await openTestDatabase();
  clock.now = START;
  await seedApps(db, [
    ...APPS.map((id) => ({ id, name: `App ${id}`, isPublic: true })),
    { id: 'secret', name: 'Secret', groups: ['lab'] },
  ]);
  for (const id of [...APPS, 'secret']) await setState(db, id, 'up', LONG_AGO);
});

afterEach(async () => {
  await db.destroy();
});

/** Runs passes a minute apart for `minutes` minutes. */
async function runFor(notifier: { runOnce(): Promise<unknown> }, minutes: number) {
  for (let i = 0; i < minutes; i += 1) {
    await notifier.runOnce();
    clock.now += MIN;
  }
}

/** Every app in `ids` goes `state` now. */
async function all(ids: string[], state: 'up' | 'down') {
  for (const id of ids) await setState(db, id, state, clock.now);
}

describe('batching', () => {
  it('twenty apps going down at once make one message listing twenty', async () => {
    await addPerson(db, { subject: 'alice', follows: APPS });
    const counters = countingCounters();
    const notifier = testNotifier(db, clock, { counters });
    await notifier.runOnce(); // first sight
    await all(APPS, 'down');
    await runFor(notifier, 6);
    const mails = await notificationMails(db);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toEqual(['alice@example.edu']);
    expect(mail?.subject).toBe('Status changes of 20 apps');
    for (const id of APPS) expect(mail?.text).toContain(`App ${id} is down`);
    expect(mail?.text).toContain('https://portal.example.edu/settings');
    expect(mail?.unsubscribeUrl).toMatch(/^https:\/\/portal\.example\.edu\/unsubscribe\?token=/);
    expect(mail?.html).toContain('<li>App app00 is down');
    expect(counters.counts.queued).toBe(20);
    expect(await db.selectFrom('notifyQueue').selectAll().execute()).toEqual([]);
  });

  it('several changes of one app in a batch collapse to the latest', async () => {
    await addPerson(db, { subject: 'alice', follows: ['app00'] });
    const notifier = testNotifier(db, clock, { batchMs: 30 * MIN });
    await notifier.runOnce();
    for (const state of ['down', 'up', 'down'] as const) {
      await setState(db, 'app00', state, clock.now);
      await runFor(notifier, 4);
    }
    clock.now += 30 * MIN;
    await notifier.runOnce();
    const mails = await notificationMails(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Status change: App app00');
    expect(mails[0]?.text.match(/App app00/g)).toHaveLength(1);
    expect(mails[0]?.text).toContain('App app00 is down');
  });

  it('writes in the person’s language', async () => {
    await addPerson(db, { subject: 'anna', follows: ['app00'], language: 'de' });
    const notifier = testNotifier(db, clock);
    await notifier.runOnce();
    await setState(db, 'app00', 'down', clock.now);
    await runFor(notifier, 5);
    const [mail] = await notificationMails(db);
    expect(mail?.subject).toBe('Statusänderung: App app00');
    expect(mail?.text).toContain('App app00 ist ausgefallen');
  });

  it('escapes names in the HTML body', async () => {
    await seedApps(db, [{ id: 'evil', name: '<b>Evil</b>', isPublic: true }]);
    await setState(db, 'evil', 'up', LONG_AGO);
    await addPerson(db, { subject: 'alice', follows: ['evil'] });
    const notifier = testNotifier(db, clock);
    await notifier.runOnce();
    await setState(db, 'evil', 'down', clock.now);
    await runFor(notifier, 5);
    const [mail] = await notificationMails(db);
    expect(mail?.html).toContain('&lt;b&gt;Evil&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Evil');
  });
});

describe('digest, quiet hours, limits, visibility', () => {
  it('a digest sends at most once per period; the rest merges into the next', async () => {
    await addPerson(db, { subject: 'alice', follows: APPS, digestMinutes: 60 });
    const counters = countingCounters();
    const notifier = testNotifier(db, clock, { counters });
    await notifier.runOnce();
    await setState(db, 'app00', 'down', clock.now);
    await runFor(notifier, 5);
    expect(await notificationMails(db)).toHaveLength(1);
    await setState(db, 'app01', 'down', clock.now);
    await runFor(notifier, 10);
    await setState(db, 'app02', 'down', clock.now);
    await runFor(notifier, 30);
    expect(await notificationMails(db)).toHaveLength(1);
    expect(counters.counts.digest).toBe(1);
    await runFor(notifier, 20);
    const mails = await notificationMails(db);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('App app01 is down');
    expect(mails[1]?.text).toContain('App app02 is down');
  });

  it('holds mail during quiet hours across the change to summer time, then sends', async () => {
    // Europe/Berlin 2026-03-29: clocks go from 02:00 to 03:00; quiet 22:00-07:00.
    clock.now = Date.parse('2026-03-29T03:00:00Z'); // 05:00 CEST
    await addPerson(db, {
      subject: 'alice',
      follows: ['app00'],
      quietFrom: '22:00',
      quietTo: '07:00',
      timeZone: 'Europe/Berlin',
    });
    const counters = countingCounters();
    const notifier = testNotifier(db, clock, { counters });
    await notifier.runOnce();
    await setState(db, 'app00', 'down', clock.now - 10 * MIN);
    // Until 04:59 UTC (06:59 CEST) nothing; in winter time it would be 05:59 UTC.
    while (clock.now < Date.parse('2026-03-29T05:00:00Z')) {
      await notifier.runOnce();
      clock.now += 5 * MIN;
    }
    expect(await notificationMails(db)).toHaveLength(0);
    expect(counters.counts.quiet_hours).toBe(1);
    await notifier.runOnce(); // 05:00 UTC = 07:00 CEST
    expect(await notificationMails(db)).toHaveLength(1);
  });

  it('holds mail during quiet hours across the change back to winter time', async () => {
    // 2026-10-25: 03:00 CEST -> 02:00 CET; 06:30 UTC is 07:30 CET.
    clock.now = Date.parse('2026-10-25T05:00:00Z'); // 06:00 CET
    await addPerson(db, {
      subject: 'alice',
      follows: ['app00'],
      quietFrom: '22:00',
      quietTo: '07:00',
      timeZone: 'Europe/Berlin',
    });
    const notifier = testNotifier(db, clock);
    await notifier.runOnce();
    await setState(db, 'app00', 'down', clock.now - 10 * MIN);
    clock.now = Date.parse('2026-10-25T05:55:00Z'); // 06:55 CET (07:55 in summer time)
    await notifier.runOnce();
    expect(await notificationMails(db)).toHaveLength(0);
    clock.now = Date.parse('2026-10-25T06:00:00Z'); // 07:00 CET
    await notifier.runOnce();
    expect(await notificationMails(db)).toHaveLength(1);
  });

  it('drops an app the person may no longer see when the mail is built', async () => {
    await addPerson(db, { subject: 'alice', follows: ['app00', 'secret'], groups: ['lab'] });
    const counters = countingCounters();
    const notifier = testNotifier(db, clock, { counters });
    await notifier.runOnce();
    await all(['app00', 'secret'], 'down');
    clock.now += 3 * MIN;
    await notifier.runOnce(); // confirmed and queued, batch not due yet
    expect(await db.selectFrom('notifyQueue').selectAll().execute()).toHaveLength(2);
    // Alice leaves the lab before the mail goes out.
    await db.updateTable('kcUsers').set({ groups: '[]' }).where('subject', '=', 'alice').execute();
    await runFor(notifier, 3);
    const mails = await notificationMails(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).not.toContain('Secret');
    expect(mails[0]?.html).not.toContain('secret');
    expect(counters.counts.not_visible).toBe(1);
  });

  it('nothing left to tell: no mail at all', async () => {
    await addPerson(db, { subject: 'alice', follows: ['secret'], groups: ['lab'] });
    const notifier = testNotifier(db, clock);
    await notifier.runOnce();
    await setState(db, 'secret', 'down', clock.now);
    clock.now += 3 * MIN;
    await notifier.runOnce();
    await db.updateTable('kcUsers').set({ groups: '[]' }).where('subject', '=', 'alice').execute();
    await runFor(notifier, 3);
    expect(await notificationMails(db)).toHaveLength(0);
    expect(await db.selectFrom('notifyQueue').selectAll().execute()).toEqual([]);
  });

  it('at most `perHour` mails per person: more stay queued and merge', async () => {
    await addPerson(db, { subject: 'alice', follows: APPS });
    const counters = countingCounters();
    const notifier = testNotifier(db, clock, { counters, perHour: 2 });
    await notifier.runOnce();
    for (let i = 0; i < 5; i += 1) {
      await setState(db, APPS[i] ?? '', 'down', clock.now);
      await runFor(notifier, 5);
    }
    expect(await notificationMails(db)).toHaveLength(2);
    expect(counters.counts.rate_limit).toBe(1);
    clock.now += 40 * MIN;
    await notifier.runOnce();
    const mails = await notificationMails(db);
    expect(mails).toHaveLength(3);
    expect(mails[2]?.subject).toBe('Status changes of 3 apps');
  });

  it('at most `perPass` mails per pass, for everybody together', async () => {
    for (const name of ['a', 'b', 'c']) await addPerson(db, { subject: name, follows: ['app00'] });
    const counters = countingCounters();
    const notifier = testNotifier(db, clock, { counters, perPass: 2 });
    await notifier.runOnce();
    await setState(db, 'app00', 'down', clock.now);
    clock.now += 3 * MIN;
    await notifier.runOnce();
    clock.now += 2 * MIN;
    await notifier.runOnce();
    expect(await notificationMails(db)).toHaveLength(2);
    expect(counters.counts.rate_limit).toBe(1);
    await notifier.runOnce();
    expect(await notificationMails(db)).toHaveLength(3);
  });

  it('people without an address or who turned e-mail off since get nothing', async () => {
    await addPerson(db, { subject: 'alice', follows: ['app00'], email: '' });
    await addPerson(db, { subject: 'bob', follows: ['app00'] });
    const notifier = testNotifier(db, clock);
    await notifier.runOnce();
    await setState(db, 'app00', 'down', clock.now);
    clock.now += 3 * MIN;
    await notifier.runOnce();
    await db
      .updateTable('subscriptions')
      .set({ emailChannel: 0 })
      .where('userSubject', '=', 'bob')
      .execute();
    await runFor(notifier, 3);
    expect(await notificationMails(db)).toHaveLength(0);
    expect(await db.selectFrom('notifyQueue').selectAll().execute()).toEqual([]);
  });
});

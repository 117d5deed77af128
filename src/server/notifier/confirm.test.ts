import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { openTestDatabase } from '../db/test-support/test-database.js';
import type { OutboxMessage } from '../outbox/outbox.js';
import { announcement } from './confirm.js';
import type { AppChange } from './ports.js';
import { addPerson, seedApps, setState, testNotifier } from './test-support/notify-fixtures.js';

const START = Date.parse('2026-11-25T10:00:00Z');
const MIN = 60_000;
let db: Db;
const clock = { now: START };

beforeEach(async () => {
  db = await openTestDatabase();
  clock.now = START;
  await seedApps(db, [
    { id: 'napari', isPublic: true },
    { id: 'fiji', isPublic: true },
  ]);
  await addPerson(db, { subject: 'alice', follows: ['napari', 'fiji'] });
});

afterEach(async () => {
  await db.destroy();
});

async function queued() {
  return db
    .selectFrom('notifyQueue')
    .select(['userSubject', 'appId', 'event', 'phase', 'at', 'noticeId'])
    .orderBy('appId')
    .orderBy('at')
    .execute();
}

describe('announcement', () => {
  it('maps each transition', () => {
    expect(announcement('up', 'down')).toEqual({ event: 'down' });
    expect(announcement('down', 'up')).toEqual({ event: 'up' });
    expect(announcement('up', 'maintenance')).toEqual({ event: 'maintenance', phase: 'begins' });
    expect(announcement('down', 'maintenance')).toEqual({
      event: 'maintenance',
      phase: 'begins',
    });
    expect(announcement('maintenance', 'up')).toEqual({ event: 'maintenance', phase: 'ends' });
    expect(announcement('maintenance', 'down')).toEqual({ event: 'down' });
    expect(announcement('up', 'up')).toBeUndefined();
    expect(announcement('up', 'pending')).toBeUndefined();
    expect(announcement('up', 'unknown')).toBeUndefined();
  });
});

describe('confirmed changes', () => {
  it('records the first state silently, then announces a change once it has held', async () => {
    const notifier = testNotifier(db, clock, { batchMs: 1e12 });
    await setState(db, 'napari', 'up', START - 10 * MIN);
    expect((await notifier.runOnce()).changes).toEqual([]);
    expect(await queued()).toEqual([]);
    const recorded = await db.selectFrom('notifyAppStates').selectAll().execute();
    expect(recorded).toMatchObject([{ appId: 'napari', state: 'up' }]);

    const downAt = START + MIN;
    await setState(db, 'napari', 'down', downAt);
    clock.now = downAt + 119_000; // not yet NOTIFY_CONFIRM_SECONDS
    expect((await notifier.runOnce()).changes).toEqual([]);
    clock.now = downAt + 120_000;
    expect((await notifier.runOnce()).changes).toEqual([
      { appId: 'napari', event: 'down', at: downAt },
    ]);
    expect(await queued()).toEqual([
      { userSubject: 'alice', appId: 'napari', event: 'down', phase: '', at: downAt, noticeId: '' },
    ]);
    // Announced once.
    clock.now += MIN;
    expect((await notifier.runOnce()).changes).toEqual([]);
  });

  it('announces up, maintenance begins and ends', async () => {
    const notifier = testNotifier(db, clock, { batchMs: 1e12 });
    await setState(db, 'napari', 'down', START - 10 * MIN);
    await notifier.runOnce();
    const steps: [state: 'up' | 'maintenance', expected: Partial<AppChange>][] = [
      ['up', { event: 'up' }],
      ['maintenance', { event: 'maintenance', phase: 'begins' }],
      ['up', { event: 'maintenance', phase: 'ends' }],
    ];
    for (const [state, expected] of steps) {
      await setState(db, 'napari', state, clock.now);
      clock.now += 3 * MIN;
      const { changes } = await notifier.runOnce();
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ appId: 'napari', ...expected });
    }
    expect((await queued()).map((row) => `${row.event}:${row.phase}`)).toEqual([
      'up:',
      'maintenance:begins',
      'maintenance:ends',
    ]);
  });

  it('a flapping app that never holds a state sends nothing; pending is never announced', async () => {
    const notifier = testNotifier(db, clock, { batchMs: 1e12 });
    await setState(db, 'napari', 'up', START - 10 * MIN);
    await notifier.runOnce();
    for (let i = 0; i < 10; i += 1) {
      await setState(db, 'napari', i % 2 === 0 ? 'down' : 'up', clock.now);
      clock.now += MIN;
      await notifier.runOnce();
    }
    // Back to up (the announced state) for good: still nothing.
    clock.now += 10 * MIN;
    await notifier.runOnce();
    await setState(db, 'napari', 'pending', clock.now);
    clock.now += 10 * MIN;
    expect((await notifier.runOnce()).changes).toEqual([]);
    expect(await queued()).toEqual([]);
  });

  it('queues only for followers who want the event and have the e-mail channel on', async () => {
    await addPerson(db, { subject: 'bob', follows: ['napari'], events: ['up'] });
    await addPerson(db, { subject: 'carol', follows: ['napari'], emailChannel: false });
    await addPerson(db, { subject: 'dave', favorites: ['napari'], allFavorites: true });
    await addPerson(db, { subject: 'erin', favorites: ['napari'], allFavorites: false });
    const notifier = testNotifier(db, clock, { batchMs: 1e12 });
    await setState(db, 'napari', 'up', START - 10 * MIN);
    await notifier.runOnce();
    await setState(db, 'napari', 'down', START);
    clock.now = START + 3 * MIN;
    await notifier.runOnce();
    expect((await queued()).map((row) => row.userSubject).sort()).toEqual(['alice', 'dave']);
  });

  it('announces a notice with apps once it is in force, only to its audience', async () => {
    await addPerson(db, { subject: 'bob', follows: ['napari'], groups: ['imaging'] });
    const notice = {
      id: 'n1',
      title: 'Storage move',
      text: 'Moving',
      textTexts: null,
      severity: 'info',
      startsAt: new Date(START + 5 * MIN).toISOString(),
      endsAt: new Date(START + 60 * MIN).toISOString(),
      appIds: JSON.stringify(['napari']),
      audience: JSON.stringify({ kind: 'groups', groups: ['imaging'] }),
      version: 1,
      created: new Date(START).toISOString(),
      createdBySubject: 'admin',
      createdByUsername: 'admin',
      updated: new Date(START).toISOString(),
      updatedBySubject: 'admin',
      updatedByUsername: 'admin',
    };
    await db.insertInto('portalNotices').values(notice).execute();
    const channel: AppChange[][] = [];
    const notifier = testNotifier(db, clock, {
      batchMs: 1e12,
      groupChannels: {
        messagesFor: async (changes): Promise<OutboxMessage[]> => {
          channel.push([...changes]);
          return [{ kind: 'webhook', event: 'status.changed', payload: {}, channel: 'ch1' }];
        },
      },
    });
    expect((await notifier.runOnce()).changes).toEqual([]);
    clock.now = START + 5 * MIN;
    const { changes } = await notifier.runOnce();
    expect(changes).toEqual([
      {
        appId: 'napari',
        event: 'notice',
        at: START + 5 * MIN,
        notice: { id: 'n1', title: 'Storage move' },
      },
    ]);
    expect(await queued()).toEqual([
      expect.objectContaining({ userSubject: 'bob', event: 'notice', noticeId: 'n1' }),
    ]);
    expect(channel).toEqual([changes]);
    const hooks = await db
      .selectFrom('outbox')
      .select('kind')
      .where('kind', '=', 'webhook')
      .execute();
    expect(hooks).toHaveLength(1);
    clock.now += MIN;
    expect((await notifier.runOnce()).changes).toEqual([]);
    // A new version is announced again.
    await db.updateTable('portalNotices').set({ version: 2 }).where('id', '=', 'n1').execute();
    expect((await notifier.runOnce()).changes).toHaveLength(1);
  });
});

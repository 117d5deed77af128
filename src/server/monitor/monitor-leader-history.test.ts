import { afterEach, describe, expect, it } from 'vitest';
import { createStatusHistoryRepository } from './history/status-history.repository.js';
import type { StatusRecorder } from './history/status-recorder.js';
import { NO_RESULTS } from './status-cache.js';
import type { Db } from '../db/database.js';
import { leaderOnlyHistory } from './monitor-leader.js';
import { openTestDatabase } from '../db/test-support/test-database.js';

let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

const NOW = 1_800_000_000_000;
const MIN = 60_000;

describe('the status history on a follower instance', () => {
  it("shows the leader's current states and flapping counts, and records nothing", async () => {
    db = await openTestDatabase('sqlite');
    await db
      .insertInto('statusChanges')
      .values([
        {
          appId: 'a',
          state: 'up',
          since: NOW - 120 * MIN,
          until: NOW - 30 * MIN,
          source: 'kuma',
          responseMs: null,
        },
        {
          appId: 'a',
          state: 'down',
          since: NOW - 30 * MIN,
          until: NOW - 10 * MIN,
          source: 'kuma',
          responseMs: null,
        },
        {
          appId: 'a',
          state: 'up',
          since: NOW - 10 * MIN,
          until: null,
          source: 'kuma',
          responseMs: null,
        },
        {
          appId: 'b',
          state: 'up',
          since: NOW - 5 * MIN,
          until: null,
          source: 'probe',
          responseMs: 3,
        },
      ])
      .execute();
    let leader = false;
    let recorded = 0;
    const recorder: StatusRecorder = {
      version: 0,
      current: () => undefined,
      changesLastHour: () => 7,
      record: async () => {
        recorded += 1;
        return { changed: 0, pruned: 0 };
      },
    };
    const view = leaderOnlyHistory(recorder, {
      leadership: { check: async () => leader, stop: async () => undefined },
      repository: createStatusHistoryRepository(db),
      now: () => NOW,
    });
    const before = view.version;
    await view.record(NO_RESULTS);
    expect(recorded).toBe(0);
    expect(view.version).not.toBe(before);
    expect(view.current('a')).toEqual({ state: 'up', since: NOW - 10 * MIN, source: 'kuma' });
    expect(view.changesLastHour('a')).toBe(2);
    expect(view.current('b')).toMatchObject({ state: 'up', since: NOW - 5 * MIN });
    expect(view.changesLastHour('b')).toBe(0);

    // Taking over: the leader's own recorder writes and answers.
    leader = true;
    const following = view.version;
    await view.record(NO_RESULTS);
    expect(recorded).toBe(1);
    expect(view.changesLastHour('a')).toBe(7);
    expect(view.version).not.toBe(following);
  });
});

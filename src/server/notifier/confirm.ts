import type { Trx } from '../audit/unit-of-work.js';
import type { Db } from '../db/database.js';
import { newRecordId } from '../lib/ids.js';
import type { Outbox } from '../outbox/outbox.js';
import { inAudience, parseAudience } from '../../shared/notices/notice-audience.js';
import { chunks, findFollowers, parseList } from './followers.js';
import type { AppChange, GroupChannelMessages, NotifierCounters } from './ports.js';
import type { NotifyQueueTable } from './notifier.table.js';

/** States that are announced; pending and unknown never are. */
const ANNOUNCED = new Set(['up', 'down', 'maintenance']);

/** What a move from the last announced state to a confirmed new one announces. */
export function announcement(
  previous: string,
  next: string,
): Pick<AppChange, 'event' | 'phase'> | undefined {
  if (previous === next || !ANNOUNCED.has(next)) return undefined;
  if (next === 'down') return { event: 'down' };
  if (next === 'maintenance') return { event: 'maintenance', phase: 'begins' };
  return previous === 'maintenance' ? { event: 'maintenance', phase: 'ends' } : { event: 'up' };
}

export interface ConfirmDeps {
  db: Db;
  outbox: Outbox;
  /** NOTIFY_CONFIRM_SECONDS in ms: how long a new state must hold. */
  confirmMs: number;
  now: () => number;
  groupChannels?: GroupChannelMessages;
  counters?: NotifierCounters;
}

/** A write of the pass that another instance made first: the whole pass is rolled back. */
class RaceLost extends Error {}

/**
 * One pass of confirmed changes (docs/notifications.md, "Messages"): each app whose current state
 * (statusChanges, `until` null) has held `confirmMs` and differs from the last announced one is
 * announced; the notices with apps that came into force are announced once per version. Reads
 * happen first; then one transaction moves the announced states (compare-and-set, so a second
 * instance can never announce the same change twice), writes the queue rows of every follower
 * and the group channels' messages. Returns the changes announced.
 */
export async function confirmChanges(deps: ConfirmDeps): Promise<AppChange[]> {
  const { db } = deps;
  const at = deps.now();
  const current = await db
    .selectFrom('statusChanges')
    .select(['appId', 'state', 'since'])
    .where('until', 'is', null)
    .execute();
  const known = new Map(
    (await db.selectFrom('notifyAppStates').selectAll().execute()).map((row) => [row.appId, row]),
  );
  const firstSeen: { appId: string; state: string; since: number }[] = [];
  const moves: { appId: string; from: string; to: string; since: number; change: AppChange }[] = [];
  for (const row of current) {
    const since = Number(row.since);
    if (!ANNOUNCED.has(row.state) || at - since < deps.confirmMs) continue;
    const last = known.get(row.appId);
    if (!last) {
      firstSeen.push({ appId: row.appId, state: row.state, since });
      continue;
    }
    const said = announcement(last.state, row.state);
    if (said) {
      moves.push({
        appId: row.appId,
        from: last.state,
        to: row.state,
        since,
        change: { appId: row.appId, ...said, at: since },
      });
    }
  }
  const notices = await newNotices(db, at);
  const changes: AppChange[] = [
    ...moves.map((move) => move.change),
    ...notices.flatMap((notice) =>
      notice.appIds.map((appId): AppChange => ({
        appId,
        event: 'notice',
        at: notice.startsAt,
        notice: { id: notice.id, title: notice.title },
      })),
    ),
  ];
  if (firstSeen.length === 0 && changes.length === 0) return [];

  const followers = await findFollowers(db, [...new Set(changes.map((c) => c.appId))]);
  const audiences = new Map(notices.map((notice) => [notice.id, notice.audience]));
  const rows: NotifyQueueTable[] = [];
  for (const follower of followers) {
    for (const change of changes) {
      if (!follower.apps.has(change.appId) || !follower.events.has(change.event)) continue;
      const audience = change.notice && audiences.get(change.notice.id);
      if (audience && !inAudience(audience, { groups: follower.groups })) continue;
      rows.push({
        id: newRecordId(),
        userSubject: follower.userSubject,
        appId: change.appId,
        event: change.event,
        phase: change.phase ?? '',
        at: change.at,
        noticeId: change.notice?.id ?? '',
        noticeTitle: change.notice?.title ?? '',
        queuedAt: at,
      });
    }
  }
  // Asked before the transaction: the channels read the database themselves.
  const channelMessages =
    changes.length > 0 && deps.groupChannels ? await deps.groupChannels.messagesFor(changes) : [];

  // One transaction per batch of changes: a change's announced state (or its notice's mark) is
  // written with its queue rows; a burst is split so that no commit holds the database long.
  const rowsOf = new Map<string, NotifyQueueTable[]>();
  for (const row of rows) {
    const key = row.event === 'notice' ? `n:${row.noticeId}` : `s:${row.appId}`;
    const list = rowsOf.get(key) ?? [];
    list.push(row);
    rowsOf.set(key, list);
  }
  const units: Unit[] = [
    ...moves.map((move) => ({ move, rows: rowsOf.get(`s:${move.appId}`) ?? [] })),
    ...notices.map((notice) => ({ notice, rows: rowsOf.get(`n:${notice.id}`) ?? [] })),
  ];
  const batches: Unit[][] = [[]];
  let size = 0;
  for (const unit of units) {
    const current = batches[batches.length - 1] ?? [];
    if (size > 0 && size + unit.rows.length > BATCH_ROWS) {
      batches.push([unit]);
      size = unit.rows.length;
    } else {
      current.push(unit);
      size += unit.rows.length;
    }
  }
  const done: AppChange[] = [];
  try {
    for (const [index, batch] of batches.entries()) {
      await db.transaction().execute(async (trx) => {
        if (index === 0) await recordFirstSeen(trx, firstSeen, at);
        for (const unit of batch) await writeUnit(trx, unit, at);
        // The channels hear of the pass's changes with the last of them (all, in a small pass).
        if (index === batches.length - 1) await deps.outbox.enqueue(trx, channelMessages);
      });
      const queuedRows = batch.reduce((sum, unit) => sum + unit.rows.length, 0);
      if (queuedRows > 0) deps.counters?.queued(queuedRows);
      for (const unit of batch) {
        if (unit.move) done.push(unit.move.change);
        if (unit.notice) done.push(...changes.filter((c) => c.notice?.id === unit.notice?.id));
      }
      await breathe();
    }
  } catch (error) {
    // Another instance announced these first: nothing of this batch was written here.
    if (!(error instanceof RaceLost)) throw error;
  }
  return done;
}

/** Queue rows per transaction at most (SQLite writes a commit's pages at once). */
const BATCH_ROWS = 2_000;

/** Lets the server answer requests between two transactions of a burst. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Unit {
  move?: { appId: string; from: string; to: string; since: number; change: AppChange };
  notice?: NewNotice;
  rows: NotifyQueueTable[];
}

async function recordFirstSeen(
  trx: Trx,
  firstSeen: readonly { appId: string; state: string; since: number }[],
  at: number,
): Promise<void> {
  for (const seen of firstSeen) {
    const inserted = await trx
      .insertInto('notifyAppStates')
      .values({ ...seen, recordedAt: at })
      .onConflict((oc) => oc.column('appId').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new RaceLost();
  }
}

/** A change's mark (compare-and-set: a second instance gets RaceLost) and its queue rows. */
async function writeUnit(trx: Trx, unit: Unit, at: number): Promise<void> {
  if (unit.move) {
    const { move } = unit;
    const updated = await trx
      .updateTable('notifyAppStates')
      .set({ state: move.to, since: move.since, recordedAt: at })
      .where('appId', '=', move.appId)
      .where('state', '=', move.from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new RaceLost();
  }
  if (unit.notice) {
    const inserted = await trx
      .insertInto('notifyNotices')
      .values({ noticeId: unit.notice.id, version: unit.notice.version, announcedAt: at })
      .onConflict((oc) => oc.columns(['noticeId', 'version']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new RaceLost();
  }
  for (const part of chunks(unit.rows, 400)) {
    await trx.insertInto('notifyQueue').values(part).execute();
    await breathe();
  }
}

interface NewNotice {
  id: string;
  version: number;
  title: string;
  appIds: string[];
  startsAt: number;
  audience: ReturnType<typeof parseAudience>;
}

/** Portal notices with apps in force now (startsAt <= now < endsAt) not yet announced. */
async function newNotices(db: Db, at: number): Promise<NewNotice[]> {
  const now = new Date(at).toISOString();
  const rows = await db
    .selectFrom('portalNotices')
    .leftJoin('notifyNotices', (join) =>
      join
        .onRef('notifyNotices.noticeId', '=', 'portalNotices.id')
        .onRef('notifyNotices.version', '=', 'portalNotices.version'),
    )
    .select([
      'portalNotices.id',
      'portalNotices.version',
      'portalNotices.title',
      'portalNotices.appIds',
      'portalNotices.startsAt',
      'portalNotices.audience',
    ])
    .where('portalNotices.startsAt', '<=', now)
    .where('portalNotices.endsAt', '>', now)
    .where('notifyNotices.noticeId', 'is', null)
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      version: Number(row.version),
      title: row.title,
      appIds: [...new Set(parseList(row.appIds))],
      startsAt: Date.parse(row.startsAt),
      audience: parseAudience(row.audience),
    }))
    .filter((notice) => notice.appIds.length > 0);
}

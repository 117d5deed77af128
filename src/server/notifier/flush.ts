import { canSee } from '../catalog/visibility.js';
import type { Db } from '../db/database.js';
import type { Translate } from '../i18n/translator.js';
import { isMailAddress, type MailMessage, type Outbox } from '../outbox/outbox.js';
import type { Language } from '../../shared/i18n/languages.js';
import { textIn } from '../../shared/i18n/localized-text.js';
import { chunks } from './followers.js';
import {
  appCache,
  collapse,
  peopleOf,
  queuedFor,
  type AppFacts,
  type Person,
} from './flush-reads.js';
import { notificationMail, type MailLine } from './notify-mail.js';
import type { NotifierCounters, SuppressReason } from './ports.js';
import { inQuietHours } from './quiet-hours.js';
import { newUnsubscribeToken } from './unsubscribe.js';

/** People whose mails are written in one transaction (SQLite commits cost a disk write each). */
const GROUP = 25;

export interface FlushOptions {
  db: Db;
  outbox: Outbox;
  now: () => number;
  /** The server's translators (the `server` catalog) by language. */
  texts: (language: Language) => Translate;
  publicUrl: string;
  defaultLanguage: string;
  /** How long the oldest queued change waits for others to join it (digestMinutes 0). */
  batchMs: number;
  /** Mails per person per hour at most; more changes stay queued and merge into a later one. */
  perHour: number;
  /** Mails per pass at most, for everybody together; the rest wait for the next pass. */
  perPass: number;
  counters?: NotifierCounters;
  /**
   * Who is held and why, so that each hold is counted once (suppressed{reason}); the notifier
   * keeps it between passes.
   */
  held: Map<string, SuppressReason>;
}

/** A write another instance made first: these people's mails are left to it. */
class RaceLost extends Error {}

/** Lets the server answer requests between two groups of a long pass. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One flush pass (docs/notifications.md, "Messages"): one mail per person whose oldest queued
 * change is older than the batch window, unless a digest period, quiet hours or a limit holds it
 * (the changes then stay queued and merge). Each app appears once, with its latest change;
 * visibility is checked again now, so an app the person may no longer see is dropped. The mails
 * are enqueued in the transaction that deletes the queue rows they report: exactly once.
 */
export async function flushQueue(options: FlushOptions): Promise<{ mails: number }> {
  const { db } = options;
  const at = options.now();
  const waiting = await db
    .selectFrom('notifyQueue')
    .select((eb) => ['userSubject', eb.fn.min('queuedAt').as('oldest')])
    .groupBy('userSubject')
    .having((eb) => eb.fn.min('queuedAt'), '<=', at - options.batchMs)
    .execute();
  if (waiting.length === 0) return { mails: 0 };
  waiting.sort((a, b) => Number(a.oldest) - Number(b.oldest));
  const people = await peopleOf(
    db,
    waiting.map((row) => row.userSubject),
    at,
  );
  const ready: Person[] = [];
  const dropped: string[] = [];
  for (const { userSubject } of waiting) {
    const person = people.get(userSubject);
    const hold = (reason: SuppressReason) => {
      if (options.held.get(userSubject) !== reason) options.counters?.suppressed(reason);
      options.held.set(userSubject, reason);
    };
    if (!person || person.emailChannel !== 1 || !isMailAddress(person.email)) {
      // Unsubscribed since, or no address to write to: the changes are dropped.
      dropped.push(userSubject);
      continue;
    }
    const digestMs = person.digestMinutes * 60_000;
    if (digestMs > 0 && person.lastSentAt !== undefined && at - person.lastSentAt < digestMs) {
      hold('digest');
    } else if (inQuietHours(at, person.quietFrom, person.quietTo, person.timeZone)) {
      hold('quiet_hours');
    } else if (person.sentLastHour >= options.perHour || ready.length >= options.perPass) {
      hold('rate_limit');
    } else {
      ready.push(person);
    }
  }
  for (const part of chunks(dropped)) {
    await db.deleteFrom('notifyQueue').where('userSubject', 'in', part).execute();
    for (const subject of part) options.held.delete(subject);
  }
  const appsOf = appCache(db);
  let mails = 0;
  for (const group of chunks(ready, GROUP)) {
    try {
      mails += await sendGroup(options, group, at, appsOf);
      for (const person of group) options.held.delete(person.userSubject);
    } catch (error) {
      if (!(error instanceof RaceLost)) throw error;
    }
    await breathe();
  }
  return { mails };
}

/**
 * Builds the mails of a group of people and enqueues them in one transaction with the deletion
 * of the queue rows they report; returns how many mails (a person with nothing left to tell, all
 * apps dropped, gets none, and their rows are deleted all the same).
 */
async function sendGroup(
  options: FlushOptions,
  group: readonly Person[],
  at: number,
  appsOf: ReturnType<typeof appCache>,
): Promise<number> {
  const { db } = options;
  const queued = await queuedFor(
    db,
    group.map((person) => person.userSubject),
  );
  const ids = [...queued.values()].flat().map((row) => row.id);
  const apps = await appsOf([...queued.values()].flat().map((row) => row.appId));
  const base = options.publicUrl.replace(/\/+$/, '');
  const tokens: ReturnType<typeof newUnsubscribeToken>['row'][] = [];
  const mails: MailMessage[] = [];
  /** Whom each mail goes to (notifySends). */
  const sentTo: string[] = [];
  let hidden = 0;
  for (const person of group) {
    const lines = linesFor(options, person, collapse(queued.get(person.userSubject) ?? []), apps);
    hidden += lines.hidden;
    if (lines.lines.length === 0) continue;
    const { token, row } = newUnsubscribeToken(person.userSubject, at);
    tokens.push(row);
    sentTo.push(person.userSubject);
    mails.push(
      notificationMail({
        to: person.email,
        t: options.texts(person.language),
        language: person.language,
        timeZone: person.timeZone,
        lines: lines.lines,
        portalUrl: base,
        unsubscribeUrl: `${base}/unsubscribe?token=${token}`,
      }),
    );
  }
  await breathe();
  await db.transaction().execute(async (trx) => {
    let deleted = 0;
    for (const part of chunks(ids)) {
      const result = await trx.deleteFrom('notifyQueue').where('id', 'in', part).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    // Another instance took these rows first (and sends their mails): roll back.
    if (deleted !== ids.length) throw new RaceLost();
    if (mails.length === 0) return;
    await trx.insertInto('notifyTokens').values(tokens).execute();
    await trx
      .insertInto('notifySends')
      .values(sentTo.map((userSubject) => ({ userSubject, sentAt: at })))
      .execute();
    await options.outbox.enqueue(trx, mails);
  });
  if (hidden > 0) options.counters?.suppressed('not_visible', hidden);
  return mails.length;
}

/** One person's lines: the apps they may still see, named in their language. */
function linesFor(
  options: FlushOptions,
  person: Person,
  rows: ReturnType<typeof collapse>,
  apps: ReadonlyMap<string, AppFacts | undefined>,
): { lines: MailLine[]; hidden: number } {
  const viewer = { groups: person.groups };
  const lines: MailLine[] = [];
  let hidden = 0;
  for (const row of rows) {
    const app = apps.get(row.appId);
    // Checked again now: an app removed, or one the person may no longer see, is left out.
    if (!app || !canSee(app, viewer)) {
      hidden += 1;
      continue;
    }
    lines.push({
      appName: textIn(app.name, person.language, options.defaultLanguage),
      event: row.event,
      phase: row.phase,
      at: Number(row.at),
      noticeTitle: row.noticeTitle,
    });
  }
  return { lines, hidden };
}

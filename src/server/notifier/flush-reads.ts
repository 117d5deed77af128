import type { Db } from '../db/database.js';
import { LANGUAGES, type Language } from '../../shared/i18n/languages.js';
import type { LocalizedText } from '../../shared/i18n/localized-text.js';
import { chunks, parseList } from './followers.js';
import type { NotifyQueueRow } from './notifier.table.js';

// What a flush pass reads: the people due, their sends, the apps, and the collapse of a batch.

const HOUR_MS = 3_600_000;

export interface Person {
  userSubject: string;
  email: string;
  groups: string[];
  emailChannel: number;
  digestMinutes: number;
  quietFrom: string;
  quietTo: string;
  timeZone: string;
  language: Language;
  lastSentAt?: number;
  sentLastHour: number;
}

export async function peopleOf(
  db: Db,
  subjects: string[],
  at: number,
): Promise<Map<string, Person>> {
  const people = new Map<string, Person>();
  for (const part of chunks(subjects)) {
    const rows = await db
      .selectFrom('subscriptions')
      .innerJoin('kcUsers', 'kcUsers.subject', 'subscriptions.userSubject')
      .select([
        'subscriptions.userSubject',
        'kcUsers.email',
        'kcUsers.groups',
        'subscriptions.emailChannel',
        'subscriptions.digestMinutes',
        'subscriptions.quietFrom',
        'subscriptions.quietTo',
        'subscriptions.timeZone',
        'subscriptions.language',
      ])
      .where('subscriptions.userSubject', 'in', part)
      .execute();
    for (const row of rows) {
      people.set(row.userSubject, {
        ...row,
        emailChannel: Number(row.emailChannel),
        digestMinutes: Number(row.digestMinutes),
        groups: parseList(row.groups),
        language: LANGUAGES.includes(row.language as Language) ? (row.language as Language) : 'en',
        sentLastHour: 0,
      });
    }
    const sends = await db
      .selectFrom('notifySends')
      .select(['userSubject', 'sentAt'])
      .where('userSubject', 'in', part)
      .where('sentAt', '>', at - 2 * 24 * HOUR_MS)
      .execute();
    for (const send of sends) {
      const person = people.get(send.userSubject);
      if (!person) continue;
      const sentAt = Number(send.sentAt);
      person.lastSentAt = Math.max(person.lastSentAt ?? 0, sentAt);
      if (sentAt > at - HOUR_MS) person.sentLastHour += 1;
    }
  }
  return people;
}

/** The latest change per app (and per notice), in the order the apps first changed. */
export function collapse(rows: readonly NotifyQueueRow[]): NotifyQueueRow[] {
  const latest = new Map<string, NotifyQueueRow>();
  const ordered = [...rows].sort(
    (a, b) => Number(a.at) - Number(b.at) || Number(a.queuedAt) - Number(b.queuedAt),
  );
  for (const row of ordered) {
    const key = row.event === 'notice' ? `n:${row.noticeId}:${row.appId}` : `s:${row.appId}`;
    latest.delete(key);
    latest.set(key, row);
  }
  return [...latest.values()];
}

export interface AppFacts {
  name: LocalizedText;
  isPublic: boolean;
  associatedGroups: string[];
}

/** The apps (not in the trash) with their names and what visibility needs. */
export async function appFacts(db: Db, appIds: readonly string[]): Promise<Map<string, AppFacts>> {
  const facts = new Map<string, AppFacts>();
  for (const part of chunks(appIds)) {
    const rows = await db
      .selectFrom('apps')
      .select(['id', 'name', 'nameTexts', 'isPublic'])
      .where('id', 'in', part)
      .where('deletedAt', 'is', null)
      .execute();
    for (const row of rows) {
      let name: LocalizedText = row.name;
      try {
        if (row.nameTexts) name = JSON.parse(row.nameTexts) as LocalizedText;
      } catch {
        // the plain name
      }
      facts.set(row.id, { name, isPublic: Number(row.isPublic) === 1, associatedGroups: [] });
    }
    const groups = await db
      .selectFrom('appGroups')
      .select(['appId', 'groupName'])
      .where('appId', 'in', part)
      .execute();
    for (const group of groups) facts.get(group.appId)?.associatedGroups.push(group.groupName);
  }
  return facts;
}

/** The apps as one pass found them, each read once for everybody. */
export function appCache(db: Db) {
  const facts = new Map<string, AppFacts | undefined>();
  return async (ids: readonly string[]): Promise<ReadonlyMap<string, AppFacts | undefined>> => {
    const missing = [...new Set(ids)].filter((id) => !facts.has(id));
    if (missing.length > 0) {
      const found = await appFacts(db, missing);
      for (const id of missing) facts.set(id, found.get(id));
    }
    return facts;
  };
}

/** The queue rows of `subjects`, by person. */
export async function queuedFor(
  db: Db,
  subjects: readonly string[],
): Promise<Map<string, NotifyQueueRow[]>> {
  const bySubject = new Map<string, NotifyQueueRow[]>();
  for (const part of chunks(subjects)) {
    const rows = await db
      .selectFrom('notifyQueue')
      .selectAll()
      .where('userSubject', 'in', part)
      .execute();
    for (const row of rows) {
      const list = bySubject.get(row.userSubject) ?? [];
      list.push(row);
      bySubject.set(row.userSubject, list);
    }
  }
  return bySubject;
}

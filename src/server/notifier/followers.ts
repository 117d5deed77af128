import type { Db } from '../db/database.js';
import { NOTIFY_EVENTS, type NotifyEvent } from './ports.js';

/** A person who follows some of the changed apps by e-mail, with what they want to hear. */
export interface Follower {
  userSubject: string;
  /** The changed apps this person follows (directly, or as a favourite with allFavorites). */
  apps: Set<string>;
  events: ReadonlySet<NotifyEvent>;
  /** The groups of their last sign-in (a notice's audience is checked against them). */
  groups: string[];
}

/** Rows per `in (...)` list: well under SQLite's and PostgreSQL's bound parameters. */
const CHUNK = 500;

function chunks<T>(values: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < values.length; at += size) out.push(values.slice(at, at + size));
  return out;
}

/** The stored events list, known names only; unreadable text: the defaults (down, up). */
export function parseEvents(json: string): Set<NotifyEvent> {
  try {
    const list = JSON.parse(json) as unknown;
    if (Array.isArray(list)) {
      return new Set(list.filter((e): e is NotifyEvent => NOTIFY_EVENTS.includes(e as never)));
    }
  } catch {
    // fall through
  }
  return new Set<NotifyEvent>(['down', 'up']);
}

export function parseList(json: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The e-mail followers of `appIds`: people who follow an app (subscriptionApps) or have it among
 * their favourites with `allFavorites` on, whose e-mail channel is on. Read outside any
 * transaction (SQLite has one connection: a read beside an open transaction would wait on it).
 */
export async function findFollowers(db: Db, appIds: readonly string[]): Promise<Follower[]> {
  const found = new Map<string, Set<string>>();
  const add = (subject: string, appId: string) => {
    const apps = found.get(subject) ?? new Set<string>();
    apps.add(appId);
    found.set(subject, apps);
  };
  // A few apps per query, with a pause between: a burst's followers are many rows, and the
  // server answers requests meanwhile.
  for (const part of chunks(appIds, 10)) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const direct = await db
      .selectFrom('subscriptionApps')
      .innerJoin('subscriptions', 'subscriptions.userSubject', 'subscriptionApps.userSubject')
      .select(['subscriptionApps.userSubject as subject', 'subscriptionApps.appId as appId'])
      .where('subscriptionApps.appId', 'in', part)
      .where('subscriptions.emailChannel', '=', 1)
      .execute();
    for (const row of direct) add(row.subject, row.appId);
    const favourites = await db
      .selectFrom('subscriptions')
      .innerJoin('kcUsers', 'kcUsers.subject', 'subscriptions.userSubject')
      .innerJoin('favorites', 'favorites.userId', 'kcUsers.id')
      .select(['subscriptions.userSubject as subject', 'favorites.appId as appId'])
      .where('subscriptions.allFavorites', '=', 1)
      .where('subscriptions.emailChannel', '=', 1)
      .where('favorites.appId', 'in', part)
      .execute();
    for (const row of favourites) add(row.subject, row.appId);
  }
  const subjects = [...found.keys()];
  const followers: Follower[] = [];
  for (const part of chunks(subjects)) {
    const rows = await db
      .selectFrom('subscriptions')
      .leftJoin('kcUsers', 'kcUsers.subject', 'subscriptions.userSubject')
      .select(['subscriptions.userSubject as subject', 'subscriptions.events', 'kcUsers.groups'])
      .where('subscriptions.userSubject', 'in', part)
      .execute();
    for (const row of rows) {
      followers.push({
        userSubject: row.subject,
        apps: found.get(row.subject) ?? new Set(),
        events: parseEvents(row.events),
        groups: parseList(row.groups ?? '[]'),
      });
    }
  }
  return followers;
}

export { chunks };

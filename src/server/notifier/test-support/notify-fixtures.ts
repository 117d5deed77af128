import { createAppsRepository } from '../../catalog/apps.repository.js';
import type { Db } from '../../db/database.js';
import { shippedCatalogs } from '../../i18n/catalogs.js';
import { createTranslators } from '../../i18n/translator.js';
import { createOutbox } from '../../outbox/outbox.js';
import { messageOf } from '../../outbox/outbox.js';
import { appRow, type TestAppSpec } from '../../test-support/test-app.js';
import { createNotifier, type NotifierOptions } from '../notifier.js';
import type { NotifierCounters, SuppressReason } from '../ports.js';

export const PORTAL = 'https://portal.example.edu';

export async function seedApps(db: Db, apps: TestAppSpec[]): Promise<void> {
  await createAppsRepository(db).upsertApps(apps.map(appRow), new Date(0).toISOString());
}

export interface PersonSpec {
  subject: string;
  email?: string;
  groups?: string[];
  follows?: string[];
  favorites?: string[];
  allFavorites?: boolean;
  events?: string[];
  emailChannel?: boolean;
  digestMinutes?: number;
  quietFrom?: string;
  quietTo?: string;
  timeZone?: string;
  language?: string;
}

/** A signed-in person (kcUsers) with a subscriptions row, what they follow and their favourites. */
export async function addPerson(db: Db, spec: PersonSpec): Promise<void> {
  const at = new Date(0).toISOString();
  await db
    .insertInto('kcUsers')
    .values({
      id: `id-${spec.subject}`,
      subject: spec.subject,
      name: spec.subject,
      username: spec.subject,
      email: spec.email ?? `${spec.subject}@example.edu`,
      givenName: spec.subject,
      groups: JSON.stringify(spec.groups ?? []),
      roles: '[]',
      created: at,
      updated: at,
    })
    .execute();
  await db
    .insertInto('subscriptions')
    .values({
      userSubject: spec.subject,
      allFavorites: spec.allFavorites ? 1 : 0,
      events: JSON.stringify(spec.events ?? ['down', 'up', 'maintenance', 'notice']),
      emailChannel: spec.emailChannel === false ? 0 : 1,
      digestMinutes: spec.digestMinutes ?? 0,
      quietFrom: spec.quietFrom ?? '',
      quietTo: spec.quietTo ?? '',
      timeZone: spec.timeZone ?? 'UTC',
      language: spec.language ?? 'en',
      calendarSecretDigest: null,
      created: at,
      updated: at,
    })
    .execute();
  for (const appId of spec.follows ?? []) {
    await db
      .insertInto('subscriptionApps')
      .values({ userSubject: spec.subject, appId, created: at })
      .execute();
  }
  let position = 0;
  for (const appId of spec.favorites ?? []) {
    await db
      .insertInto('favorites')
      .values({ userId: `id-${spec.subject}`, appId, created: at, position: position++ })
      .execute();
  }
}

/** What the monitor's recorder writes: the app's open period ends, a new one begins at `since`. */
export async function setState(
  db: Db,
  appId: string,
  state: 'up' | 'down' | 'pending' | 'maintenance' | 'unknown',
  since: number,
): Promise<void> {
  await db
    .updateTable('statusChanges')
    .set({ until: since })
    .where('appId', '=', appId)
    .where('until', 'is', null)
    .execute();
  await db
    .insertInto('statusChanges')
    .values({ appId, state, since, until: null, source: 'test', responseMs: null })
    .execute();
}

/** Counters kept in a plain object, to assert on. */
export function countingCounters(): NotifierCounters & {
  counts: { queued: number } & Record<SuppressReason, number>;
} {
  const counts = { queued: 0, digest: 0, quiet_hours: 0, rate_limit: 0, not_visible: 0 };
  return {
    counts,
    queued: (count) => (counts.queued += count),
    suppressed: (reason, count = 1) => (counts[reason] += count),
  };
}

/** A notifier on `db` whose clock is `clock.now` (no timer: tests call runOnce). */
export function testNotifier(
  db: Db,
  clock: { now: number },
  overrides: Partial<NotifierOptions> = {},
) {
  return createNotifier({
    db,
    outbox: createOutbox({ now: () => clock.now }),
    confirmSeconds: 120,
    publicUrl: PORTAL,
    defaultLanguage: 'en',
    texts: createTranslators(shippedCatalogs(), ['server']),
    now: () => clock.now,
    ...overrides,
  });
}

/** The notification mails in the outbox, oldest first. */
export async function notificationMails(db: Db) {
  const rows = await db.selectFrom('outbox').selectAll().orderBy('createdAt').execute();
  return rows
    .map((row) => messageOf(row))
    .filter((message) => message.kind === 'mail' && message.topic === 'notification')
    .map((message) => message as Extract<typeof message, { kind: 'mail' }>);
}

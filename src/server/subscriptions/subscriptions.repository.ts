import type { Db } from '../db/database.js';
import type { Trx } from '../audit/unit-of-work.js';
import { rowValues, type SubscriptionSettings } from './subscription-settings.js';
import type { SubscriptionRow } from './subscriptions.table.js';

/** At most this many apps are followed by one person (far more than a catalog shows). */
export const MAX_FOLLOWED_APPS = 5000;

/**
 * Data access of status subscriptions (a person's settings and the apps they follow): the only
 * place their SQL lives. Reads go to the database; writes run in the caller's transaction (an
 * audited change, unit-of-work.ts). Portable SQL: the same on SQLite and PostgreSQL.
 */
export function createSubscriptionsRepository(db: Db) {
  return {
    async find(userSubject: string, trx: Db | Trx = db): Promise<SubscriptionRow | undefined> {
      return trx
        .selectFrom('subscriptions')
        .selectAll()
        .where('userSubject', '=', userSubject)
        .executeTakeFirst();
    },

    /** The person whose personal calendar has this secret's digest. */
    async findByCalendarDigest(digest: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('calendarSecretDigest', '=', digest)
        .executeTakeFirst();
    },

    /** The ids of the apps the person follows, in id order (visible or not). */
    async appIds(userSubject: string, trx: Db | Trx = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('subscriptionApps')
        .select('appId')
        .where('userSubject', '=', userSubject)
        .orderBy('appId')
        .limit(MAX_FOLLOWED_APPS)
        .execute();
      return rows.map((row) => row.appId);
    },

    /** Writes the person's settings (a row made when there is none); the calendar stays. */
    async save(trx: Trx, userSubject: string, settings: SubscriptionSettings, at: string) {
      const values = rowValues(settings);
      await trx
        .insertInto('subscriptions')
        .values({ userSubject, ...values, calendarSecretDigest: null, created: at, updated: at })
        .onConflict((oc) => oc.column('userSubject').doUpdateSet({ ...values, updated: at }))
        .execute();
    },

    /** Makes the person's row with `settings` when there is none; an existing one stays. */
    async ensure(trx: Trx, userSubject: string, settings: SubscriptionSettings, at: string) {
      await trx
        .insertInto('subscriptions')
        .values({
          userSubject,
          ...rowValues(settings),
          calendarSecretDigest: null,
          created: at,
          updated: at,
        })
        .onConflict((oc) => oc.column('userSubject').doNothing())
        .execute();
    },

    /** Replaces the apps the person follows with `appIds`. */
    async setApps(trx: Trx, userSubject: string, appIds: readonly string[], at: string) {
      await trx.deleteFrom('subscriptionApps').where('userSubject', '=', userSubject).execute();
      if (appIds.length === 0) return;
      await trx
        .insertInto('subscriptionApps')
        .values([...new Set(appIds)].map((appId) => ({ userSubject, appId, created: at })))
        .execute();
    },

    async follow(trx: Trx, userSubject: string, appId: string, at: string) {
      await trx
        .insertInto('subscriptionApps')
        .values({ userSubject, appId, created: at })
        .onConflict((oc) => oc.columns(['userSubject', 'appId']).doNothing())
        .execute();
    },

    async unfollow(trx: Trx, userSubject: string, appId: string) {
      await trx
        .deleteFrom('subscriptionApps')
        .where('userSubject', '=', userSubject)
        .where('appId', '=', appId)
        .execute();
    },

    /** Sets (a new secret's digest) or removes (null) the person's personal calendar. */
    async setCalendarDigest(trx: Trx, userSubject: string, digest: string | null, at: string) {
      await trx
        .updateTable('subscriptions')
        .set({ calendarSecretDigest: digest, updated: at })
        .where('userSubject', '=', userSubject)
        .execute();
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;

import type { Subscriptions, SubscriptionsInput } from '../../shared/api/subscription-schemas.js';
import type { Language } from '../../shared/i18n/languages.js';
import { actorOf } from '../audit/actor.js';
import { audited, type AuditedChange } from '../audit/unit-of-work.js';
import { digest, newSecret } from '../auth/secrets.js';
import type { Viewer } from '../catalog/visibility.js';
import type { Db } from '../db/database.js';
import { BadRequestError, NotFoundError } from '../http/errors.js';
import {
  settingsFromRow,
  validateSettings,
  type SettingsInput,
  type SubscriptionSettings,
} from './subscription-settings.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';

/** Who changes their own settings: the signed-in person, from their verified identity. */
export interface Subscriber {
  subject: string;
  username: string;
  email: string;
  groups: readonly string[];
}

export const NO_SUCH_APP = 'There is no such app.';

/** An app as the settings page lists it. */
export interface FollowedApp {
  id: string;
  name: string;
}

/** What the settings page shows: the settings, the apps followed (visible ones), the address. */
export interface SettingsView {
  settings: SubscriptionSettings;
  apps: FollowedApp[];
  email: string | null;
}

/** The audit entry's view of settings (never a calendar secret or its digest). */
function auditView(settings: SubscriptionSettings, apps?: readonly string[]) {
  return {
    allFavorites: settings.allFavorites,
    events: settings.events,
    email: settings.channels.email,
    digestMinutes: settings.digestMinutes,
    quietHours: settings.quietHours,
    language: settings.language,
    calendar: settings.calendar,
    ...(apps && { apps }),
  };
}

/**
 * A signed-in person's status subscriptions (docs/notifications.md, "Status subscriptions"): their
 * settings, the apps they follow (only apps they may see: an app hidden later is left out of
 * what they read, and the notifier checks again), and their personal maintenance calendar, whose
 * secret only its digest is kept of. Every change is audited (action `subscriptions`) in its
 * transaction.
 */
export function createSubscriptionsService(deps: {
  db: Db;
  repository: SubscriptionsRepository;
  /** The apps a viewer may see (the catalog snapshot), their names in `language`. */
  visibleApps(viewer: Viewer, language?: string): Promise<readonly FollowedApp[]>;
  /** The groups of a person known to the portal (as of their last sign-in); unknown: none. */
  groupsOf(subject: string): Promise<readonly string[] | undefined>;
  clock: () => string;
}) {
  const { repository } = deps;

  async function visibleIds(person: Subscriber): Promise<Set<string>> {
    return new Set((await deps.visibleApps(person)).map((app) => app.id));
  }

  async function settingsOf(person: Subscriber, language: Language) {
    return settingsFromRow(await repository.find(person.subject), language);
  }

  async function read(person: Subscriber, language: Language): Promise<Subscriptions> {
    const [settings, followed, visible] = await Promise.all([
      settingsOf(person, language),
      repository.appIds(person.subject),
      visibleIds(person),
    ]);
    return {
      apps: followed.filter((id) => visible.has(id)),
      allFavorites: settings.allFavorites,
      events: settings.events,
      channels: settings.channels,
      digestMinutes: settings.digestMinutes,
      quietHours: settings.quietHours,
      email: person.email || null,
    };
  }

  /** One audited change of the person's own settings. */
  function change<T>(person: Subscriber, work: (change: AuditedChange) => Promise<T>) {
    return audited(deps.db, { actor: actorOf(person), at: deps.clock() }, work);
  }

  /** Follows or unfollows one app the person may see; the same app and state again: no change. */
  async function setFollowed(
    person: Subscriber,
    appId: string,
    follow: boolean,
    language: Language,
  ): Promise<Subscriptions> {
    if (!(await visibleIds(person)).has(appId)) throw new NotFoundError(NO_SUCH_APP);
    await change(person, async ({ trx, at, audit }) => {
      const followed = (await repository.appIds(person.subject, trx)).includes(appId);
      if (followed === follow) return;
      const row = await repository.find(person.subject, trx);
      await repository.ensure(trx, person.subject, settingsFromRow(row, language), at);
      if (follow) await repository.follow(trx, person.subject, appId, at);
      else await repository.unfollow(trx, person.subject, appId);
      await audit({
        action: 'subscriptions',
        appId,
        before: { followed },
        after: { followed: follow },
      });
    });
    return read(person, language);
  }

  /** Sets or removes the personal calendar; a new secret each time, the old one stops working. */
  async function setCalendar(person: Subscriber, create: boolean, language: Language) {
    const secret = create ? newSecret() : null;
    await change(person, async ({ trx, at, audit }) => {
      const row = await repository.find(person.subject, trx);
      const had = row?.calendarSecretDigest != null;
      if (!create && !had) return;
      await repository.ensure(trx, person.subject, settingsFromRow(row, language), at);
      await repository.setCalendarDigest(trx, person.subject, secret && digest(secret), at);
      await audit({
        action: 'subscriptions',
        appId: null,
        before: { calendar: had },
        after: { calendar: create, ...(create && had && { renewed: true }) },
      });
    });
    return secret;
  }

  return {
    /** GET /api/me/subscriptions: the defaults for a person without a row. */
    get: read,

    /** What the settings page shows: the settings with the followed apps' names. */
    async view(person: Subscriber, language: Language): Promise<SettingsView> {
      const [settings, followed, visible] = await Promise.all([
        settingsOf(person, language),
        repository.appIds(person.subject),
        deps.visibleApps(person, language),
      ]);
      const ids = new Set(followed);
      return {
        settings,
        apps: visible
          .filter((app) => ids.has(app.id))
          .map((app) => ({ id: app.id, name: app.name })),
        email: person.email || null,
      };
    },

    /**
     * PUT /api/me/subscriptions: the whole object. A 400 (nothing changed) for bad values or an
     * app the person may not see or that does not exist.
     */
    async replace(
      person: Subscriber,
      input: SubscriptionsInput,
      language: Language,
    ): Promise<Subscriptions> {
      const current = await settingsOf(person, language);
      const settings = validateSettings(
        {
          allFavorites: input.allFavorites,
          events: input.events,
          emailChannel: input.channels.email,
          digestMinutes: input.digestMinutes,
          quietHours: input.quietHours,
        },
        current,
      );
      const visible = await visibleIds(person);
      const missing = input.apps.find((id) => !visible.has(id));
      if (missing !== undefined) throw new BadRequestError(`There is no such app: ${missing}`);
      const apps = [...new Set(input.apps)].sort();
      await change(person, async ({ trx, at, audit }) => {
        const before = await repository.appIds(person.subject, trx);
        await repository.save(trx, person.subject, settings, at);
        await repository.setApps(trx, person.subject, apps, at);
        await audit({
          action: 'subscriptions',
          appId: null,
          before: auditView(current, before),
          after: auditView(settings, apps),
        });
      });
      return read(person, language);
    },

    /** The settings page's form: the settings and the messages' language (apps unchanged). */
    async saveSettings(
      person: Subscriber,
      input: SettingsInput & { language: Language },
      language: Language,
    ): Promise<void> {
      const current = await settingsOf(person, language);
      const settings = { ...validateSettings(input, current), language: input.language };
      await change(person, async ({ trx, at, audit }) => {
        await repository.save(trx, person.subject, settings, at);
        await audit({
          action: 'subscriptions',
          appId: null,
          before: auditView(current),
          after: auditView(settings),
        });
      });
    },

    follow: (person: Subscriber, appId: string, language: Language) =>
      setFollowed(person, appId, true, language),
    unfollow: (person: Subscriber, appId: string, language: Language) =>
      setFollowed(person, appId, false, language),

    /** Creates or renews the personal calendar: its secret, to show once. */
    async createCalendar(person: Subscriber, language: Language): Promise<string> {
      return (await setCalendar(person, true, language)) as string;
    },
    async removeCalendar(person: Subscriber, language: Language): Promise<void> {
      await setCalendar(person, false, language);
    },

    /**
     * Whom a personal calendar's secret shows: the person's groups as of their last sign-in and
     * their messages' language; an unknown secret (or a person no longer known): none.
     */
    async calendarViewer(secret: string) {
      if (secret.length < 20 || secret.length > 100) return undefined;
      const row = await repository.findByCalendarDigest(digest(secret));
      const groups = row && (await deps.groupsOf(row.userSubject));
      return row && groups && { groups, language: settingsFromRow(row).language };
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

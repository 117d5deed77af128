import { isLanguage, type Language } from '../../shared/i18n/languages.js';
import { BadRequestError } from '../http/errors.js';
import type { SubscriptionRow, SubscriptionsTable } from './subscriptions.table.js';

/**
 * A person's notification settings as the code reads them (docs/notifications.md, "Status
 * subscriptions"), from a `subscriptions` row or from input: one module, used by the settings
 * API and page here and by the notifier (settingsFromRow).
 */

/** What a person may be told about, in this order. */
export const SUBSCRIPTION_EVENTS = ['down', 'up', 'maintenance', 'notice'] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

/** The events of a person without a row. */
export const DEFAULT_EVENTS: readonly SubscriptionEvent[] = ['down', 'up'];

/** The longest digest: one message a day. */
export const MAX_DIGEST_MINUTES = 1440;

/** The digests the settings page offers (0: each batch as soon as confirmed). */
export const DIGEST_CHOICES = [0, 15, 60, 1440] as const;

/** The time zone of the quiet hours when none was chosen. */
export const DEFAULT_TIME_ZONE = 'UTC';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

export interface QuietHours {
  /** "HH:MM", 24-hour, in `timeZone`. */
  from: string;
  to: string;
  /** IANA time zone ("Europe/Berlin"). */
  timeZone: string;
}

/** The settings of one person (without the apps they follow, kept in subscriptionApps). */
export interface SubscriptionSettings {
  allFavorites: boolean;
  events: SubscriptionEvent[];
  channels: { email: boolean };
  digestMinutes: number;
  quietHours: QuietHours | null;
  /** The language of the person's messages. */
  language: Language;
  /** Whether a personal calendar exists (its secret is never kept, only its digest). */
  calendar: boolean;
  /** Where the quiet hours' time zone is kept while there are no quiet hours. */
  timeZone: string;
}

export function isSubscriptionEvent(value: unknown): value is SubscriptionEvent {
  return (SUBSCRIPTION_EVENTS as readonly unknown[]).includes(value);
}

/** Whether `value` is a 24-hour time "HH:MM". */
export function isTime(value: unknown): value is string {
  return typeof value === 'string' && TIME.test(value);
}

/** Whether `value` names a time zone this server knows (IANA, as Intl reads it). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !TIME_ZONE.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The stored events: known ones, each once, in their order; anything else dropped. */
export function parseEvents(json: string): SubscriptionEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [...DEFAULT_EVENTS];
  }
  if (!Array.isArray(parsed)) return [...DEFAULT_EVENTS];
  return SUBSCRIPTION_EVENTS.filter((event) => parsed.includes(event));
}

/** The settings of a person without a row: messages by e-mail when apps go down or come back. */
export function defaultSettings(language: Language): SubscriptionSettings {
  return {
    allFavorites: false,
    events: [...DEFAULT_EVENTS],
    channels: { email: true },
    digestMinutes: 0,
    quietHours: null,
    language,
    calendar: false,
    timeZone: DEFAULT_TIME_ZONE,
  };
}

/**
 * A stored row as settings (no row: the defaults in `language`). Tolerant of values written by
 * hand: unknown events are dropped, a bad digest is 0, quiet hours with a bad time are none.
 */
export function settingsFromRow(
  row: SubscriptionRow | undefined,
  language: Language = 'en',
): SubscriptionSettings {
  if (!row) return defaultSettings(language);
  const digest = Number(row.digestMinutes);
  const timeZone = isTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE;
  return {
    allFavorites: Number(row.allFavorites) === 1,
    events: parseEvents(row.events),
    channels: { email: Number(row.emailChannel) === 1 },
    digestMinutes:
      Number.isInteger(digest) && digest >= 0 && digest <= MAX_DIGEST_MINUTES ? digest : 0,
    quietHours:
      isTime(row.quietFrom) && isTime(row.quietTo) && row.quietFrom !== row.quietTo
        ? { from: row.quietFrom, to: row.quietTo, timeZone }
        : null,
    language: isLanguage(row.language) ? row.language : language,
    calendar: row.calendarSecretDigest !== null,
    timeZone,
  };
}

/** The columns that hold `settings` (not the calendar's digest, nor the times). */
export function rowValues(
  settings: SubscriptionSettings,
): Omit<SubscriptionsTable, 'userSubject' | 'calendarSecretDigest' | 'created' | 'updated'> {
  return {
    allFavorites: settings.allFavorites ? 1 : 0,
    events: JSON.stringify(settings.events),
    emailChannel: settings.channels.email ? 1 : 0,
    digestMinutes: settings.digestMinutes,
    quietFrom: settings.quietHours?.from ?? '',
    quietTo: settings.quietHours?.to ?? '',
    timeZone: settings.quietHours?.timeZone ?? settings.timeZone,
    language: settings.language,
  };
}

/** The parts of settings a person sends (the API's object, or the settings page's form). */
export interface SettingsInput {
  allFavorites: unknown;
  events: unknown;
  emailChannel: unknown;
  digestMinutes: unknown;
  quietHours: { from: unknown; to: unknown; timeZone: unknown } | null;
}

/**
 * Checks what a person sent and gives the settings it sets on top of `current` (its language
 * and calendar stay); a 400 with a clear message for the first rule broken, nothing changed.
 */
export function validateSettings(
  input: SettingsInput,
  current: SubscriptionSettings,
): SubscriptionSettings {
  if (typeof input.allFavorites !== 'boolean') {
    throw new BadRequestError('allFavorites must be true or false.', { rule: 'invalid' });
  }
  if (typeof input.emailChannel !== 'boolean') {
    throw new BadRequestError('channels.email must be true or false.', { rule: 'invalid' });
  }
  if (!Array.isArray(input.events)) {
    throw new BadRequestError(`events must be a list of: ${SUBSCRIPTION_EVENTS.join(', ')}.`, {
      rule: 'events',
    });
  }
  const unknown = input.events.find((event) => !isSubscriptionEvent(event));
  if (unknown !== undefined) {
    throw new BadRequestError(
      `There is no such event: ${String(unknown).slice(0, 20)}. Events are: ${SUBSCRIPTION_EVENTS.join(', ')}.`,
      { rule: 'events' },
    );
  }
  const digest = input.digestMinutes;
  if (
    typeof digest !== 'number' ||
    !Number.isInteger(digest) ||
    digest < 0 ||
    digest > MAX_DIGEST_MINUTES
  ) {
    throw new BadRequestError(
      `digestMinutes must be a whole number of minutes from 0 to ${MAX_DIGEST_MINUTES}.`,
      { rule: 'digestMinutes' },
    );
  }
  let quietHours: QuietHours | null = null;
  if (input.quietHours !== null) {
    const { from, to, timeZone } = input.quietHours;
    if (!isTime(from)) {
      throw new BadRequestError('quietHours.from must be a time HH:MM (00:00-23:59).', {
        rule: 'time',
      });
    }
    if (!isTime(to)) {
      throw new BadRequestError('quietHours.to must be a time HH:MM (00:00-23:59).', {
        rule: 'time',
      });
    }
    if (from === to) {
      throw new BadRequestError('quietHours.from and quietHours.to must be different times.', {
        rule: 'sameTimes',
      });
    }
    if (!isTimeZone(timeZone)) {
      throw new BadRequestError(
        `There is no such time zone: ${String(timeZone).slice(0, 64)}. Use an IANA name such as Europe/Berlin.`,
        { rule: 'timeZone' },
      );
    }
    quietHours = { from, to, timeZone };
  }
  const events = input.events as SubscriptionEvent[];
  return {
    ...current,
    allFavorites: input.allFavorites,
    events: SUBSCRIPTION_EVENTS.filter((event) => events.includes(event)),
    channels: { email: input.emailChannel },
    digestMinutes: digest,
    quietHours,
    timeZone: quietHours?.timeZone ?? current.timeZone,
  };
}

/**
 * The browser's side of the portal's languages (docs/i18n.md; decision 0037). The server
 * chooses the language, renders the page in it and sends that language's compiled messages
 * inline (PAGE_MESSAGES_ID); the app continues in the same language from them, so hydration
 * matches and no other language's texts are ever downloaded. The admin console's messages load
 * with it (`load-namespace.ts`).
 *
 * Components ask `useT()` for `t(id, values)` (ICU MessageFormat: placeholders, plurals, select)
 * and `useLocale()` for the language, its direction and `Intl` formatting.
 */
import type { Messages } from '@lingui/core';
import { createContext, useContext, type ReactNode } from 'react';
import { formatMessage } from './format-message.js';
import {
  directionOf,
  isLanguage,
  PAGE_MESSAGES_ID,
  SOURCE_LANGUAGE,
  type Language,
} from '../../shared/i18n/languages.js';

/** What an ICU placeholder may be given. */
export type MessageValues = Record<string, unknown>;
export type Translate = (id: string, values?: MessageValues) => string;

export interface Locale {
  language: Language;
  dir: 'ltr' | 'rtl';
  t: Translate;
  /** Whether the loaded messages have this id (e.g. a text for an API error's code). */
  has(id: string): boolean;
  /** A date or time in this language (`Intl.DateTimeFormat`). */
  formatDate(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  /** A number or percentage in this language (`Intl.NumberFormat`). */
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  /** "3 minutes ago", "in 2 days": `Intl.RelativeTimeFormat` with the largest fitting unit. */
  formatRelative(value: Date | number | string, now?: number): string;
  /** Adds messages (another namespace, loaded later: load-namespace.ts). */
  load(messages: Messages): void;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/**
 * A Locale for a language and its compiled messages (format-message.ts); a missing id shows as
 * itself.
 */
export function createLocale(language: Language, messages: Messages = {}): Locale {
  const known: Messages = { ...messages };
  // Every Intl object is made on first use: the first of a kind costs the browser its language
  // data (tens of milliseconds on a phone), which a page that never needs it should not pay.
  const plurals = new Map<boolean, Intl.PluralRules>();
  let number: Intl.NumberFormat | undefined;
  const formats = {
    plural(ordinal: boolean) {
      let rules = plurals.get(ordinal);
      if (!rules) {
        rules = new Intl.PluralRules(language, { type: ordinal ? 'ordinal' : 'cardinal' });
        plurals.set(ordinal, rules);
      }
      return rules;
    },
    get number() {
      return (number ??= new Intl.NumberFormat(language));
    },
  };
  const has = (id: string) => Object.prototype.hasOwnProperty.call(known, id);
  const dates = new Map<string, Intl.DateTimeFormat>();
  const numbers = new Map<string, Intl.NumberFormat>();
  let relativeFormat: Intl.RelativeTimeFormat | undefined;
  const relative = () =>
    (relativeFormat ??= new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
  return {
    language,
    dir: directionOf(language),
    load: (more) => void Object.assign(known, more),
    t: (id, values = {}) => (has(id) ? formatMessage(known[id], values, formats) : id),
    has,
    formatDate(value, options = {}) {
      const key = JSON.stringify(options);
      let format = dates.get(key);
      if (!format) dates.set(key, (format = new Intl.DateTimeFormat(language, options)));
      return format.format(typeof value === 'string' ? new Date(value) : value);
    },
    formatNumber(value, options = {}) {
      const key = JSON.stringify(options);
      let format = numbers.get(key);
      if (!format) numbers.set(key, (format = new Intl.NumberFormat(language, options)));
      return format.format(value);
    },
    formatRelative(value, now = Date.now()) {
      const at = typeof value === 'number' ? value : new Date(value).getTime();
      const delta = at - now;
      for (const [unit, size] of RELATIVE_UNITS) {
        if (Math.abs(delta) >= size || unit === 'second') {
          return relative().format(Math.round(delta / size), unit);
        }
      }
      return relative().format(0, 'second');
    },
  };
}

/**
 * Outside a provider (component tests): English, with the messages the test set-up loads
 * (src/web/test-support/setup.ts). The app always wraps itself in a provider.
 */
export const fallbackLocale = createLocale(SOURCE_LANGUAGE);

const LocaleContext = createContext<Locale>(fallbackLocale);

export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** `t(id, values)` in the page's language. */
export function useT(): Translate {
  return useContext(LocaleContext).t;
}

/**
 * The page's language (`<html lang>`) and its inline compiled messages, as the server sent them;
 * English without messages when the page has none (ids then show as themselves).
 */
export function pageLocale(doc: Document = document): Locale {
  const lang = doc.documentElement.lang;
  const language = isLanguage(lang) ? lang : SOURCE_LANGUAGE;
  const block = doc.getElementById(PAGE_MESSAGES_ID);
  let messages: Messages = {};
  if (block?.textContent) {
    try {
      messages = JSON.parse(block.textContent) as Messages;
    } catch (error) {
      console.warn('Ignoring unreadable page messages.', error);
    }
  }
  return createLocale(language, messages);
}

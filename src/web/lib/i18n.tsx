/**
 * The browser's side of the portal's languages (docs/i18n.md; decisions 0037, 0060). The server
 * chooses the language, renders the page in it and names that language's compiled messages, a
 * file the page preloads (PAGE_MESSAGES_ID); the app fetches them and continues in the same
 * language, so hydration matches and no other language's texts are ever downloaded. The admin
 * console's messages load with it (`load-namespace.ts`).
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
  /**
   * What the server wrote for this page with its own `Intl` (entry-server.tsx): the language's
   * digits and percent sign, and texts it formatted. Undefined outside a server-rendered page.
   */
  server?: ServerFormats;
}

/**
 * Formats the server computed for the page (its `Intl`), sent in a block beside the markup
 * (SERVER_FORMATS_ID): the browser shows them while hydrating and until the first interaction
 * without making an `Intl` object of its own, whose first one costs 40-120 ms at load (decision 0057).
 */
export interface ServerFormats {
  /** The digits zero to nine as the language writes them. */
  digits: string;
  /** The decimal separator. */
  decimal: string;
  /** What comes before and after a percentage's number ("", "%" in English; "", " %" in German). */
  percent: [string, string];
  /** Texts the server formatted, by a key that names their inputs (status-text.ts: serverTextKey). */
  texts: Record<string, string>;
}

/** The id of the server's formats block, inside #root (mount.tsx takes it out before hydrating). */
export const SERVER_FORMATS_ID = 'portal-formats';

/** The server's side (entry-server.tsx): the language's digits and percent sign, from its Intl. */
export function numberSymbols(language: Language): Omit<ServerFormats, 'texts'> {
  const plain = new Intl.NumberFormat(language, { useGrouping: false });
  const parts = new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 2,
  }).formatToParts(0.1234);
  const integer = parts.findIndex((part) => part.type === 'integer');
  const fraction = parts.findIndex((part) => part.type === 'fraction');
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return {
    digits: Array.from({ length: 10 }, (_, digit) => plain.format(digit)).join(''),
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    percent: [text(0, integer), text(fraction + 1)],
  };
}

/**
 * A fraction with at most four decimals (0.9987) as a percentage with at most two ("99.87 %"),
 * written with the server's symbols: what `Intl.NumberFormat(language, { style: 'percent',
 * maximumFractionDigits: 2 })` writes (i18n.test.ts compares them in every language).
 */
export function plainPercent(fraction: number, symbols: Omit<ServerFormats, 'texts'>): string {
  const hundredths = Math.round(fraction * 10_000);
  const digits = (value: number | string) =>
    String(value).replace(/[0-9]/g, (digit) => symbols.digits[Number(digit)] ?? digit);
  const whole = Math.floor(hundredths / 100);
  const rest = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const number = rest ? `${digits(whole)}${symbols.decimal}${digits(rest)}` : digits(whole);
  return `${symbols.percent[0]}${number}${symbols.percent[1]}`;
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
export function createLocale(
  language: Language,
  messages: Messages = {},
  server?: ServerFormats,
): Locale {
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
    server,
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

/** The JSON of a block of the page, or undefined (none, or unreadable: said on the console). */
function readBlock<T>(doc: Document, id: string, what: string): T | undefined {
  const block = doc.getElementById(id);
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as T;
  } catch (error) {
    console.warn(`Ignoring unreadable ${what}.`, error);
    return undefined;
  }
}

/** What pageLocale fetches with, and whether a failure is worth saying (not while leaving). */
export interface PageLocaleOptions {
  fetch?: typeof fetch;
  /** Whether the page is being left: its requests are cancelled then, which is no failure. */
  leaving?: () => boolean;
}

/** Whether a fetched value is messages: one object of ids (anything else is unreadable). */
const isMessages = (value: unknown): value is Messages =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The page's compiled messages from the file it names (the preload link's href), fetched as the
 * link preloaded them (the same mode and credentials: the answer preloaded is the one taken).
 * A failure is tried once more, then said once on the console; undefined then.
 */
async function fetchPageMessages(
  doc: Document,
  { fetch: load = fetch, leaving = () => false }: PageLocaleOptions,
): Promise<Messages | undefined> {
  const url = doc.getElementById(PAGE_MESSAGES_ID)?.getAttribute('href');
  if (!url) return undefined;
  let failure: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const response = await load(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const messages: unknown = await response.json();
      if (isMessages(messages)) return messages;
      throw new Error('not an object of messages');
    } catch (error) {
      failure = error;
    }
  }
  if (!leaving())
    console.warn('Could not load the page’s texts: ids show in their place.', failure);
  return undefined;
}

/**
 * The page's language (`<html lang>`) and its compiled messages, fetched from the file the server
 * named (PAGE_MESSAGES_ID), with the server's formats when it rendered the page
 * (SERVER_FORMATS_ID); English without messages when the page names none (ids then show as
 * themselves), and the page's language without them when they cannot be fetched.
 */
export async function pageLocale(
  doc: Document = document,
  options: PageLocaleOptions = {},
): Promise<Locale> {
  const lang = doc.documentElement.lang;
  const language = isLanguage(lang) ? lang : SOURCE_LANGUAGE;
  // Read before the wait: the app takes the formats' block out of #root once it has the locale.
  const server = readBlock<ServerFormats>(doc, SERVER_FORMATS_ID, 'server formats');
  const messages = (await fetchPageMessages(doc, options)) ?? {};
  return createLocale(language, messages, server);
}

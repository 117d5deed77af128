/**
 * The languages the portal speaks (docs/i18n.md; decision 0037) and how one is chosen for a
 * visitor: their explicit choice (the `lang` cookie), the identity provider's `locale` claim,
 * the browser's Accept-Language, then the configured default. Shared by the server (which
 * renders the page in that language) and the browser (the language menu).
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** English is the source language: every catalog has exactly its keys. */
export const SOURCE_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the language menu lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ar: 'العربية',
};

/** Languages written right to left: the page gets `<html dir="rtl">`. */
const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set<Language>(['ar']);

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
}

/** The cookie that keeps an explicit choice: readable by the page's script, sent to the server. */
export const LANGUAGE_COOKIE = 'lang';

/** A year, in seconds, like the theme's cookie. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The path of the form that sets the choice without JavaScript (POST, urlencoded). */
export const LANGUAGE_PATH = '/language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The supported language a BCP 47 tag asks for: `de`, `de-AT` and `DE_ch` all give `de`;
 * anything else (unknown, malformed, too long) gives null.
 */
export function matchLanguage(tag: unknown): Language | null {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > 35) return null;
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : null;
}

/**
 * The supported languages an Accept-Language header asks for, best first (by q, then by order);
 * `q=0` means "not this one". Malformed parts are skipped; the header is read up to 1 KB and 32
 * parts, so a hostile header costs nothing.
 */
export function acceptedLanguages(header: string | undefined): Language[] {
  if (!header) return [];
  const parts = header.slice(0, 1024).split(',').slice(0, 32);
  const ranked: { language: Language; q: number; at: number }[] = [];
  parts.forEach((part, at) => {
    const [tag, ...params] = part.trim().split(';');
    const language = matchLanguage(tag);
    if (!language) return;
    let q = 1;
    for (const param of params) {
      if (!/^\s*q\s*=/i.test(param)) continue;
      // A malformed weight makes the part unreadable: it is skipped.
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      q = match ? Number(match[1]) : Number.NaN;
    }
    if (q > 0 && q <= 1) ranked.push({ language, q, at });
  });
  ranked.sort((a, b) => b.q - a.q || a.at - b.at);
  return [...new Set(ranked.map((entry) => entry.language))];
}

export interface LanguageSources {
  /** The `lang` cookie's value (the visitor's explicit choice). */
  cookie?: unknown;
  /** The identity provider's `locale` claim of a signed-in user. */
  claim?: unknown;
  /** The request's Accept-Language header. */
  acceptLanguage?: string | undefined;
  /** The portal's configured default (DEFAULT_LANGUAGE). */
  fallback: Language;
}

/** The language to answer in: the first source that names a supported language. */
export function chooseLanguage(sources: LanguageSources): Language {
  return (
    matchLanguage(sources.cookie) ??
    matchLanguage(sources.claim) ??
    acceptedLanguages(sources.acceptLanguage)[0] ??
    sources.fallback
  );
}

/** The cookie's attributes (without the value): for `document.cookie` and the server alike. */
export function languageCookieAttributes(secure: boolean): string {
  return `Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The message catalogs (locales/<language>/<namespace>.json): `portal` (the home page, header,
 * cards, search, status, favourites, the shell and 404 pages), `access` (locked cards, requests,
 * the inbox), `errors` (what the app shows for an API error's code and for its own failures),
 * `admin` (the console, loaded with it) and `server` (pages and mails the server
 * writes without React: sign-in errors, the offline page, e-mails).
 */
export const MESSAGE_NAMESPACES = ['portal', 'access', 'errors', 'admin', 'server'] as const;
export type MessageNamespace = (typeof MESSAGE_NAMESPACES)[number];

/**
 * What every page needs, compiled, for its language only: one file per language the page names
 * and preloads (pageMessagesPath), cached by the browser for as long as its texts stay the same.
 */
export const PAGE_NAMESPACES: readonly MessageNamespace[] = ['portal', 'access', 'errors'];

/** Where the browser fetches one namespace's compiled messages for a language (GET). */
export function messagesPath(language: Language, namespace: MessageNamespace): string {
  return `/api/messages/${language}/${namespace}`;
}

/**
 * Where the browser fetches a language's page namespaces (PAGE_NAMESPACES), compiled, in one
 * file (GET). `version` is the content's hash: with the current one, the answer is cached for
 * good; with another or none, it is still the current messages, cached briefly.
 */
export function pageMessagesPath(language: Language, version: string): string {
  return `/api/messages/${language}/page?v=${encodeURIComponent(version)}`;
}

/** The id of the page's `<link rel="preload">` of its compiled messages (pageMessagesPath). */
export const PAGE_MESSAGES_ID = 'portal-messages';

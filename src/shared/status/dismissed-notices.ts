/**
 * The notices a visitor dismissed, kept in a cookie (not in the browser's storage) so that the
 * server leaves them out of the page it renders: a dismissed banner never shows for a moment and
 * then goes, moving the sections up. The cookie holds a short token per notice (any id, a status
 * page's with its colons and dots too, fits the cookie's alphabet that way). Plain functions: the
 * server and the browser both use them.
 */
import { themeCookieAttributes } from '../theme/theme.js';

export const DISMISSED_NOTICES_COOKIE = 'dismissed';

/** The most recent dismissals kept (at most 7 characters each: under 200 bytes). */
export const MAX_DISMISSED_NOTICES = 20;

const TOKEN = /^[0-9a-z]{1,7}$/;

/** A notice's token in the cookie: its id's 32-bit FNV-1a hash, in base 36. */
export function noticeToken(id: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The tokens a cookie value holds, in order; anything that is not a token is left out. */
export function parseDismissedNotices(value: unknown): string[] {
  if (typeof value !== 'string' || value.length > 4096) return [];
  return value
    .split('.')
    .filter((token) => TOKEN.test(token))
    .slice(-MAX_DISMISSED_NOTICES);
}

/** The cookie's value for `tokens`, the latest kept. */
export function dismissedNoticesValue(tokens: readonly string[]): string {
  return [...new Set(tokens)].slice(-MAX_DISMISSED_NOTICES).join('.');
}

/** Whether the notice `id` is among the dismissed `tokens`. */
export function isDismissed(tokens: readonly string[], id: string): boolean {
  return tokens.includes(noticeToken(id));
}

/** The cookie's attributes: the theme's (a year, the whole site, Lax, Secure on https). */
export const dismissedNoticesAttributes = themeCookieAttributes;

/**
 * The notices a visitor dismissed, kept in a cookie (not in the browser's storage) so that the
 * server leaves them out of the page it renders: a dismissed banner never shows for a moment and
 * then goes, moving the sections up. The cookie holds a short token per notice (any id, a status
 * page's with its colons and dots too, fits the cookie's alphabet that way). Plain functions: the
 * server and the browser both use them.
 */
import { parseTokenList, tokenListValue, tokenOf } from '../text/token-list.js';
import { themeCookieAttributes } from '../theme/theme.js';

export const DISMISSED_NOTICES_COOKIE = 'dismissed';

/** The most recent dismissals kept (at most 7 characters each: under 200 bytes). */
export const MAX_DISMISSED_NOTICES = 20;

/** A notice's token in the cookie: its id's short hash (text/token-list.ts). */
export const noticeToken = tokenOf;

/** The tokens a cookie value holds, in order; anything that is not a token is left out. */
export function parseDismissedNotices(value: unknown): string[] {
  return parseTokenList(value, MAX_DISMISSED_NOTICES);
}

/** The cookie's value for `tokens`, the latest kept. */
export function dismissedNoticesValue(tokens: readonly string[]): string {
  return tokenListValue(tokens, MAX_DISMISSED_NOTICES);
}

/** Whether the notice `id` is among the dismissed `tokens`. */
export function isDismissed(tokens: readonly string[], id: string): boolean {
  return tokens.includes(noticeToken(id));
}

/** The cookie's attributes: the theme's (a year, the whole site, Lax, Secure on https). */
export const dismissedNoticesAttributes = themeCookieAttributes;

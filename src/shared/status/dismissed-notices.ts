/**
 * The notices a visitor dismissed, kept in a cookie (not in the browser's storage) so that the
 * server leaves them out of the page it renders: a dismissed banner never shows for a moment and
 * then goes, moving the sections up. Plain functions: the server and the browser both use them.
 */
import { NOTICE_ID_PATTERN } from '../notices/notice-id.js';
import { themeCookieAttributes } from '../theme/theme.js';

export const DISMISSED_NOTICES_COOKIE = 'dismissed';

/** The most recent dismissals kept (a notice's id is at most 64 characters: under 1.5 KB). */
export const MAX_DISMISSED_NOTICES = 20;

const NOTICE_ID = new RegExp(NOTICE_ID_PATTERN);

/** The ids a cookie value names, in order; anything that is not a notice id is left out. */
export function parseDismissedNotices(value: unknown): string[] {
  if (typeof value !== 'string' || value.length > 4096) return [];
  return value
    .split('.')
    .filter((id) => NOTICE_ID.test(id))
    .slice(-MAX_DISMISSED_NOTICES);
}

/** The cookie's value for `ids`, the latest kept. Notice ids hold no `.` (NOTICE_ID_PATTERN). */
export function dismissedNoticesValue(ids: readonly string[]): string {
  return [...new Set(ids)].slice(-MAX_DISMISSED_NOTICES).join('.');
}

/** The cookie's attributes: the theme's (a year, the whole site, Lax, Secure on https). */
export const dismissedNoticesAttributes = themeCookieAttributes;

import { cookieValue } from '../../../lib/cookies.js';
import {
  dataThemeOf,
  parseTheme,
  THEME_COOKIE,
  themeCookieAttributes,
  type Theme,
} from '../../../../shared/theme/theme.js';

/** The theme the `theme` cookie names in `cookies` (document.cookie); `system` without one. */
export function themeFromCookies(cookies: string): Theme {
  return parseTheme(cookieValue(cookies, THEME_COOKIE));
}

/** The browser's current choice; `system` while rendering on the server. */
export function currentTheme(): Theme {
  return typeof document === 'undefined' ? 'system' : themeFromCookies(document.cookie);
}

/**
 * Keeps `theme` (the cookie the server reads when it renders the next page) and shows it now:
 * `data-theme` on `<html>` for light and dark, none for `system` (CSS follows the system).
 */
export function applyTheme(theme: Theme, doc: Document = document): void {
  doc.cookie = `${THEME_COOKIE}=${theme}; ${themeCookieAttributes(doc.location?.protocol === 'https:')}`;
  const value = dataThemeOf(theme);
  if (value) doc.documentElement.setAttribute('data-theme', value);
  else doc.documentElement.removeAttribute('data-theme');
}

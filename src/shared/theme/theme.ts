/**
 * The colour theme a visitor chose (docs/web.md, "Themes"; decision 0027). `system` (and no
 * choice at all) follows `prefers-color-scheme` in CSS alone; `light` and `dark` are put on
 * `<html data-theme>` by the server, which reads the choice from a cookie, so the first paint
 * already has it.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The cookie that keeps the choice: readable by the page's script, sent to the server. */
export const THEME_COOKIE = 'theme';

/** A year, in seconds: the choice outlives sessions and browser restarts. */
export const THEME_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The path of the form that sets the choice without JavaScript (POST, urlencoded). */
export const THEME_PATH = '/theme';

/** The theme a cookie value names; anything else (missing, unknown, too long) is `system`. */
export function parseTheme(value: unknown): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The `data-theme` value for a choice: none for `system` (CSS follows the system then). */
export function dataThemeOf(theme: Theme): 'light' | 'dark' | null {
  return theme === 'system' ? null : theme;
}

/** The cookie's attributes (without the value): for `document.cookie` and the server alike. */
export function themeCookieAttributes(secure: boolean): string {
  return `Path=/; Max-Age=${THEME_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * How densely the home page lists the apps, chosen by the visitor (docs/web.md, "Density"):
 * `comfortable` (the full cards, the default) or `compact` (a dense grid: logo, name, status,
 * environment and the open button; the rest on hover or focus). Kept in a cookie like the theme,
 * so the server renders the chosen view from the first byte (`<html data-density>`), without a
 * flash and without JavaScript. Plain values and functions: the server and the browser use them.
 */
import { themeCookieAttributes } from '../theme/theme.js';

export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

/** The cookie that keeps the choice: readable by the page's script, sent to the server. */
export const DENSITY_COOKIE = 'density';

/** A year, in seconds, as the theme's. */
export const DENSITY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The path of the form that sets the choice (POST, urlencoded field `density`). */
export const DENSITY_PATH = '/density';

/** The density a cookie value names; anything else (missing, unknown) is `comfortable`. */
export function parseDensity(value: unknown): Density {
  return value === 'compact' ? 'compact' : 'comfortable';
}

/** The cookie's attributes (without the value): the theme's. */
export const densityCookieAttributes = themeCookieAttributes;

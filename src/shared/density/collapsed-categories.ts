/**
 * The categories a visitor collapsed on the home page, kept in a cookie (docs/web.md, "Density")
 * so that the server renders them collapsed from the first byte: a token per category (its name
 * as the catalog gives it, the same in every language), the latest ones kept.
 */
import { parseTokenList, tokenListValue, tokenOf } from '../text/token-list.js';

export const COLLAPSED_CATEGORIES_COOKIE = 'collapsed';

/** The most categories kept collapsed (at most 8 bytes each in the cookie). */
export const MAX_COLLAPSED_CATEGORIES = 60;

/** A category's token: the same for its section in every language. */
export const categoryToken = tokenOf;

/** The tokens a `collapsed` cookie holds; anything malformed is left out. */
export function parseCollapsedCategories(value: unknown): string[] {
  return parseTokenList(value, MAX_COLLAPSED_CATEGORIES);
}

/** The cookie's value for the collapsed `tokens`. */
export function collapsedCategoriesValue(tokens: readonly string[]): string {
  return tokenListValue(tokens, MAX_COLLAPSED_CATEGORIES);
}

/** The cookie's attributes: the theme's (a year, the whole site, Lax, Secure on https). */
export { themeCookieAttributes as collapsedCategoriesAttributes } from '../theme/theme.js';

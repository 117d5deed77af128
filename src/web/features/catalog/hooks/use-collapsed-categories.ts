import { useCallback, useState } from 'react';
import {
  collapsedCategoriesAttributes,
  COLLAPSED_CATEGORIES_COOKIE,
  collapsedCategoriesValue,
  parseCollapsedCategories,
} from '../../../../shared/density/collapsed-categories.js';
import { cookieValue } from '../../../lib/cookies.js';

/** The collapsed categories the cookie names (none while rendering on the server). */
function collapsedFromCookie(): string[] {
  return typeof document === 'undefined'
    ? []
    : parseCollapsedCategories(cookieValue(document.cookie, COLLAPSED_CATEGORIES_COOKIE));
}

/** Keeps the collapsed categories in their cookie, which the server renders the next page with. */
function keep(tokens: readonly string[]): void {
  const secure = document.location.protocol === 'https:';
  document.cookie = `${COLLAPSED_CATEGORIES_COOKIE}=${collapsedCategoriesValue(tokens)}; ${collapsedCategoriesAttributes(secure)}`;
}

/**
 * The categories the visitor collapsed (their sections' tokens) and how to open or close one,
 * remembered in a cookie. `initial` is what the server rendered the page with; without it the
 * cookie says.
 */
export function useCollapsedCategories(
  initial?: readonly string[],
): [ReadonlySet<string>, (token: string, collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(
    () => new Set(initial ?? collapsedFromCookie()),
  );
  const setOne = useCallback((token: string, isCollapsed: boolean) => {
    setCollapsed((current) => {
      if (current.has(token) === isCollapsed) return current;
      const next = new Set(current);
      if (isCollapsed) next.add(token);
      else next.delete(token);
      keep([...next]);
      return next;
    });
  }, []);
  return [collapsed, setOne];
}

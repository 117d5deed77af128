/**
 * Paging of every list route, without TypeBox (the web app imports this; list-schemas.ts holds
 * the schemas).
 */

/** Items per page at most, and when the caller does not say: the same on every list route. */
export const MAX_PER_PAGE = 500;
export const DEFAULT_PER_PAGE = 30;

export interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

/** The answer of a list route: this page's `items` of `totalItems` in all. */
export function pageEnvelope<T>(
  items: T[],
  totalItems: number,
  page: number,
  perPage: number,
): Page<T> {
  return { page, perPage, totalItems, totalPages: Math.ceil(totalItems / perPage), items };
}

/** Page `page` of `all`, `perPage` items long. */
export function pageOf<T>(all: readonly T[], page: number, perPage: number): Page<T> {
  const offset = (page - 1) * perPage;
  return pageEnvelope(all.slice(offset, offset + perPage), all.length, page, perPage);
}

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

/** Page `page` of `all`, `perPage` items long. */
export function pageOf<T>(all: readonly T[], page: number, perPage: number): Page<T> {
  const offset = (page - 1) * perPage;
  return {
    page,
    perPage,
    totalItems: all.length,
    totalPages: Math.ceil(all.length / perPage),
    items: all.slice(offset, offset + perPage),
  };
}

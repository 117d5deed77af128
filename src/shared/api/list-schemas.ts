import { Type, type TSchema } from 'typebox';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './paging.js';

export { DEFAULT_PER_PAGE, MAX_PER_PAGE, pageOf, type Page } from './paging.js';

/**
 * The query of every list route: `page` (from 1) and `perPage` (1 to 500, default 30). One
 * convention for the API (README, "Lists"); routes add their own filters beside it.
 */
export const PAGE_QUERY = {
  page: Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1.' }),
  perPage: Type.Integer({
    minimum: 1,
    maximum: MAX_PER_PAGE,
    default: DEFAULT_PER_PAGE,
    description: `Items per page, 1 to ${MAX_PER_PAGE}.`,
  }),
};

/** The answer of every list route: the page asked for, the totals, and the page's items. */
export function pageSchema<T extends TSchema>(item: T, description?: string) {
  return {
    page: Type.Integer({ description: 'This page, from 1.' }),
    perPage: Type.Integer({ description: 'Items per page, as asked.' }),
    totalItems: Type.Integer({ description: 'Items on every page together.' }),
    totalPages: Type.Integer({ description: 'Pages of `perPage` items (0 when there is none).' }),
    items: Type.Array(item, description === undefined ? {} : { description }),
  };
}

import type { StatusItem } from '../../../../shared/api/schemas.js';
import { normalizeUrl } from '../../../../shared/catalog/url.js';

/** Finds an app's status code by its link; undefined when the monitor has nothing for it. */
export type StatusLookup = (link: string) => number | undefined;

/**
 * Matches apps to monitor items (spec section 7): by exact link first, else by the normalised
 * URL (lowercased, without scheme, `www.` and trailing slashes). The first item wins a tie.
 */
export function createStatusLookup(items: readonly StatusItem[]): StatusLookup {
  const exact = new Map<string, number>();
  const normalized = new Map<string, number>();
  for (const { url, status } of items) {
    if (!exact.has(url)) exact.set(url, status);
    const key = normalizeUrl(url);
    if (key !== '' && !normalized.has(key)) normalized.set(key, status);
  }
  return (link) => {
    if (link.trim() === '') return undefined;
    return exact.get(link) ?? normalized.get(normalizeUrl(link));
  };
}

/** Finds an app's whole status item by its link, with the same matching as createStatusLookup. */
export type ItemLookup = (link: string) => StatusItem | undefined;

export function createItemLookup(items: readonly StatusItem[]): ItemLookup {
  const exact = new Map<string, StatusItem>();
  const normalized = new Map<string, StatusItem>();
  for (const item of items) {
    if (!exact.has(item.url)) exact.set(item.url, item);
    const key = normalizeUrl(item.url);
    if (key !== '' && !normalized.has(key)) normalized.set(key, item);
  }
  return (link) => {
    if (link.trim() === '') return undefined;
    return exact.get(link) ?? normalized.get(normalizeUrl(link));
  };
}

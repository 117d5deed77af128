import type { StatusItem } from '../../../../shared/api/schemas.js';
import { normalizeUrl } from '../../../../shared/catalog/url.js';

/** Finds an app's status code by its link; undefined when the monitor has nothing for it. */
export type StatusLookup = (link: string) => number | undefined;

/**
 * Matches apps to monitor items (docs/monitor.md): by exact link first, else by the normalised
 * URL (lowercased, without scheme, `www.` and trailing slashes). The first item wins a tie.
 */
export function createStatusLookup(items: readonly StatusItem[]): StatusLookup {
  const find = createItemLookup(items);
  return (link) => find(link)?.status;
}

/** Finds an app's monitor item (status, when checked, stale) by its link, as above. */
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

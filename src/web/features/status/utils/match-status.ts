import type { StatusItem } from '../../../../shared/api/schemas.js';

/** The app a status is looked up for. */
export interface StatusKey {
  id: string;
}

/** Finds an app's status code; undefined when the monitor has nothing for it. */
export type StatusLookup = (app: StatusKey) => number | undefined;

/**
 * Matches apps to monitor items by the app's id, which every item names (the server matched the
 * monitor's results to the apps, docs/monitor.md). Not by link: a card may show an address on
 * the visitor's network while the monitor checks the public one (docs/networks.md).
 */
export function createStatusLookup(items: readonly StatusItem[]): StatusLookup {
  const find = createItemLookup(items);
  return (app) => find(app)?.status;
}

/** Finds an app's monitor item (status, when checked, stale), as above. */
export type ItemLookup = (app: StatusKey) => StatusItem | undefined;

export function createItemLookup(items: readonly StatusItem[]): ItemLookup {
  const byId = new Map<string, StatusItem>();
  for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);
  return ({ id }) => byId.get(id);
}

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StatusItem } from '../../../../shared/api/schemas.js';
import {
  createItemLookup,
  createStatusLookup,
  type ItemLookup,
  type StatusLookup,
} from '../utils/match-status.js';

export interface StatusState {
  /** The latest monitor results; null before the first answer. */
  items: StatusItem[] | null;
  /** An app's status code by its link; undefined while the monitor has nothing for it. */
  lookup: StatusLookup;
  /** An app's whole monitor item (with `checkedAt` and `stale`) by its link. */
  item: ItemLookup;
  setItems(items: StatusItem[]): void;
}

export type StatusStore = StoreApi<StatusState>;

export function createStatusStore(): StatusStore {
  return createStore<StatusState>()((set) => ({
    items: null,
    lookup: () => undefined,
    item: () => undefined,
    setItems(items) {
      set({ items, lookup: createStatusLookup(items), item: createItemLookup(items) });
    },
  }));
}

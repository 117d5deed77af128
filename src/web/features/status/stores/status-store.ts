import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StatusItem } from '../../../../shared/api/schemas.js';
import { createStatusLookup, type StatusLookup } from '../utils/match-status.js';

export interface StatusState {
  /** The latest monitor results; null before the first answer. */
  items: StatusItem[] | null;
  /** An app's status code by its link; undefined while the monitor has nothing for it. */
  lookup: StatusLookup;
  setItems(items: StatusItem[]): void;
}

export type StatusStore = StoreApi<StatusState>;

export function createStatusStore(): StatusStore {
  return createStore<StatusState>()((set) => ({
    items: null,
    lookup: () => undefined,
    setItems(items) {
      set({ items, lookup: createStatusLookup(items) });
    },
  }));
}

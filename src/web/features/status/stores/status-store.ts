import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StatusItem } from '../../../../shared/api/schemas.js';
import type { Notices, Strips } from '../../../../shared/status/history-schemas.js';
import {
  createItemLookup,
  createStatusLookup,
  type ItemLookup,
  type StatusLookup,
} from '../utils/match-status.js';

export type StripItem = Strips['items'][number];

export interface StatusState {
  /** The latest monitor results; null before the first answer. */
  items: StatusItem[] | null;
  /** An app's status code by its id; undefined while the monitor has nothing for it. */
  lookup: StatusLookup;
  /** An app's whole status item (with `since` and `responseMs`) by its id. */
  itemFor: ItemLookup;
  /** 24 h strips by app id; null until the first answer. */
  strips: ReadonlyMap<string, StripItem> | null;
  /** Active notices and the apps in maintenance; null until the first answer (or the page's). */
  notices: Notices | null;
  /**
   * True while the statuses are simulated (the demo catalog's story): from the page the server
   * rendered, then from each answer of the monitor (its items say `simulated: true`).
   */
  simulated: boolean;
  setItems(items: StatusItem[]): void;
  setStrips(strips: Strips): void;
  setNotices(notices: Notices): void;
}

export type StatusStore = StoreApi<StatusState>;

export function createStatusStore(
  initial: { simulated?: boolean; notices?: Notices } = {},
): StatusStore {
  return createStore<StatusState>()((set) => ({
    items: null,
    lookup: () => undefined,
    itemFor: () => undefined,
    strips: null,
    notices: initial.notices ?? null,
    simulated: initial.simulated ?? false,
    setItems(items) {
      set({
        items,
        lookup: createStatusLookup(items),
        itemFor: createItemLookup(items),
        simulated: items.some((item) => item.simulated === true),
      });
    },
    setStrips(strips) {
      set({ strips: new Map(strips.items.map((item) => [item.appId, item])) });
    },
    setNotices(notices) {
      set({ notices });
    },
  }));
}

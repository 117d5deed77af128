import { useEffect } from 'react';
import type { StatusItem } from '../../../../shared/api/schemas.js';
import { fetchMonitorStatus } from '../api/monitor-status.js';
import { fetchNotices, fetchStrips } from '../api/status-history.js';
import type { StatusStore } from '../stores/status-store.js';
import { createStatusPoller, documentVisibility } from '../utils/status-poller.js';

export interface StatusPollingOptions {
  store: StatusStore;
  /** True once the apps are loaded; must be a stable function. */
  isReady(): boolean;
  fetchStatus?: () => Promise<StatusItem[]>;
}

/** The strips and notices change slowly: fetched with the status at most this often. */
export const HISTORY_REFRESH_MS = 60_000;

/** Keeps the status store fed from GET /api/monitor-status while the component is mounted. */
export function useStatusPolling({
  store,
  isReady,
  fetchStatus = fetchMonitorStatus,
}: StatusPollingOptions): void {
  useEffect(() => {
    let historyAt = Number.NEGATIVE_INFINITY;
    let previous: StatusItem[] | null = null;
    // Strips and notices follow the status polls: when a status changed, or once a minute.
    const refreshHistory = (items: StatusItem[]) => {
      const changed = previous !== null && JSON.stringify(previous) !== JSON.stringify(items);
      previous = items;
      if (!changed && Date.now() - historyAt < HISTORY_REFRESH_MS) return;
      historyAt = Date.now();
      const warn = (error: unknown) => console.warn('Could not update the status history.', error);
      // Caught after the update too: nothing of it ever ends as an unhandled rejection.
      fetchStrips()
        .then((strips) => store.getState().setStrips(strips))
        .catch(warn);
      fetchNotices()
        .then((notices) => store.getState().setNotices(notices))
        .catch(warn);
    };
    const poller = createStatusPoller({
      fetchStatus,
      isReady,
      onStatus: (items) => {
        store.getState().setItems(items);
        refreshHistory(items);
      },
      onError: (error) => console.warn('Could not update the app status.', error),
      visibility: documentVisibility(document),
    });
    poller.start();
    return () => poller.stop();
  }, [store, isReady, fetchStatus]);
}

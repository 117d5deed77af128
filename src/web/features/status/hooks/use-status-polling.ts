import { useEffect } from 'react';
import type { StatusItem } from '../../../../shared/api/schemas.js';
import { fetchMonitorStatus } from '../api/monitor-status.js';
import type { StatusStore } from '../stores/status-store.js';
import { createStatusPoller, documentVisibility } from '../utils/status-poller.js';

export interface StatusPollingOptions {
  store: StatusStore;
  /** True once the apps are loaded; must be a stable function. */
  isReady(): boolean;
  fetchStatus?: () => Promise<StatusItem[]>;
}

/** Keeps the status store fed from GET /api/monitor-status while the component is mounted. */
export function useStatusPolling({
  store,
  isReady,
  fetchStatus = fetchMonitorStatus,
}: StatusPollingOptions): void {
  useEffect(() => {
    const poller = createStatusPoller({
      fetchStatus,
      isReady,
      onStatus: (items) => store.getState().setItems(items),
      onError: (error) => console.warn('Could not update the app status.', error),
      visibility: documentVisibility(document),
    });
    poller.start();
    return () => poller.stop();
  }, [store, isReady, fetchStatus]);
}

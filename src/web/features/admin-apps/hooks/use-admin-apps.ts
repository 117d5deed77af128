import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import { listApps } from '../api/apps-api.js';

export interface AdminAppsState {
  apps: AdminApp[] | null;
  /** Why the last load failed (to show with `errorText`), or null. */
  error: unknown;
  loading: boolean;
  /** Loads the whole list again (after an import, or when a change failed). */
  reload(): Promise<void>;
  /** Applies a change the server answered (a saved, deleted or restored app) to the list. */
  update(change: (apps: AdminApp[]) => AdminApp[]): void;
}

/** The catalog (or the trash) as admins see it, loaded once; `update()` after each save. */
export function useAdminApps(options: { deleted?: boolean } = {}): AdminAppsState {
  const deleted = options.deleted ?? false;
  const [apps, setApps] = useState<AdminApp[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const inFlight = useRef(false);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    inFlight.current = true;
    setLoading(true);
    try {
      const items = await listApps({ deleted });
      if (request !== latest.current) return;
      setApps(items);
      setError(null);
    } catch (failure) {
      if (request !== latest.current) return;
      setError(failure ?? new Error('The list could not be loaded.'));
    } finally {
      if (request === latest.current) {
        inFlight.current = false;
        setLoading(false);
      }
    }
  }, [deleted]);

  const update = useCallback(
    (change: (apps: AdminApp[]) => AdminApp[]) => {
      setApps((current) => (current === null ? current : change(current)));
      // A list still on its way may predate the change: ask again rather than show it.
      if (inFlight.current) void reload();
    },
    [reload],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  return { apps, error, loading, reload, update };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import { listApps, messageOf } from '../api/admin-api.js';

export interface AdminAppsState {
  apps: AdminApp[] | null;
  error: string | null;
  loading: boolean;
  reload(): Promise<void>;
}

/** The catalog (or the trash) as admins see it; `reload()` after every change. */
export function useAdminApps(options: { deleted?: boolean } = {}): AdminAppsState {
  const deleted = options.deleted ?? false;
  const [apps, setApps] = useState<AdminApp[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    setLoading(true);
    try {
      const items = await listApps({ deleted });
      if (request !== latest.current) return;
      setApps(items);
      setError(null);
    } catch (failure) {
      if (request !== latest.current) return;
      setError(messageOf(failure));
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [deleted]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { apps, error, loading, reload };
}

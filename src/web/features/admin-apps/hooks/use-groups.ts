import { useCallback, useEffect, useState } from 'react';
import type { AdminGroups } from '../../../../shared/api/admin-schemas.js';
import { listGroups } from '../api/apps-api.js';

/** Group names seen on users and in the catalog (GET /api/admin/groups); [] when unknown. */
export function useGroups(): { groups: AdminGroups['items']; reload(): void } {
  const [groups, setGroups] = useState<AdminGroups['items']>([]);
  const reload = useCallback(() => {
    listGroups().then(setGroups, (error: unknown) =>
      console.warn('Could not load the group names.', error),
    );
  }, []);
  useEffect(reload, [reload]);
  return { groups, reload };
}

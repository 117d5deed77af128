import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import { knownGroupNames, withApp, withoutApp } from '../utils/admin-lists.js';
import { useAdminApps } from './use-admin-apps.js';
import { useGroups } from './use-groups.js';

/**
 * What the console shows of the catalog: the apps, the trash and the group names, each loaded
 * once. A save updates them from the app the server answers (`saved`, `deleted`, `restored`);
 * only what no answer can tell (an import, a failed delete) reloads them all (`reloadAll`).
 * Each of these then calls `onChanged`: the home page's catalog (per viewer, paged) is not the
 * console's, and reloads itself.
 */
export function useAdminCatalog(options: { onChanged?: (() => void) | undefined } = {}) {
  const catalog = useAdminApps();
  const trash = useAdminApps({ deleted: true });
  const { groups, reload: reloadGroups } = useGroups();
  const { update: updateApps, reload: reloadApps } = catalog;
  const { update: updateTrash, reload: reloadTrash } = trash;
  const onChanged = useRef(options.onChanged);
  useEffect(() => {
    onChanged.current = options.onChanged;
  });

  /** Created, changed, its logo set or removed, or reloaded after a conflict. */
  const saved = useCallback(
    (app: AdminApp) => {
      updateApps((apps) => withApp(apps, app));
      onChanged.current?.();
    },
    [updateApps],
  );
  /** Moved to the trash: the answer is the trashed app (with `deletedAt`, `purgeAt`). */
  const deleted = useCallback(
    (app: AdminApp) => {
      updateApps((apps) => withoutApp(apps, app.id));
      updateTrash((apps) => withApp(apps, app));
      onChanged.current?.();
    },
    [updateApps, updateTrash],
  );
  /** Back from the trash. */
  const restored = useCallback(
    (app: AdminApp) => {
      updateTrash((apps) => withoutApp(apps, app.id));
      updateApps((apps) => withApp(apps, app));
      onChanged.current?.();
    },
    [updateApps, updateTrash],
  );
  const reloadAll = useCallback(async () => {
    reloadGroups();
    await Promise.all([reloadApps(), reloadTrash()]);
    onChanged.current?.();
  }, [reloadApps, reloadTrash, reloadGroups]);

  const knownGroups = useMemo(() => knownGroupNames(groups, catalog.apps), [groups, catalog.apps]);
  const categories = useMemo(
    () => [...new Set((catalog.apps ?? []).map((app) => app.category))].sort(),
    [catalog.apps],
  );
  const appIds = useMemo(() => (catalog.apps ?? []).map((app) => app.id).sort(), [catalog.apps]);

  return { catalog, trash, knownGroups, categories, appIds, saved, deleted, restored, reloadAll };
}

import type { App } from '../../shared/api/schemas.js';
import { normalizeGroup } from '../../shared/identity/groups.js';
import type { AppRecord } from './apps.queries.js';
import { toApiApp } from './api-app.js';
import { canSee, type Viewer } from './visibility.js';

/** Distinct group sets remembered at once; far more than a group has, small in memory. */
const MAX_CACHED_VIEWS = 512;

/**
 * The catalog in memory, in listing order, for the read path of GET /api/apps: the table changes
 * rarely (catalog loads, admin edits) and is read on every page view. Every write through an apps
 * repository on the same database invalidates it at once; writes by another process are caught by
 * a cheap fingerprint of the tables (catalogVersion), compared at most once per second
 * (docs/decisions/0003-catalog-snapshot.md). Visibility is the same
 * rule as visibility.ts's canSee, applied to the snapshot; each distinct set of groups gets its
 * filtered list computed once per snapshot.
 */
export function createCatalogSnapshot(
  source: {
    findAll(): Promise<AppRecord[]>;
    catalogVersion(): Promise<string>;
    onChange(listener: () => void): () => void;
  },
  options: { recheckMs?: number; now?: () => number } = {},
) {
  const recheckMs = options.recheckMs ?? 1000;
  const now = options.now ?? Date.now;
  let entries: Promise<App[]> | undefined;
  let loadedVersion: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let views = new Map<string, readonly App[]>();
  let generation = 0;

  function load(): Promise<App[]> {
    const started = generation;
    const pending = source.findAll().then((records) => records.map(toApiApp));
    // A failed load is not cached; nor is a load that raced with a write.
    pending.then(
      () => {
        if (generation !== started) entries = undefined;
      },
      () => {
        entries = undefined;
      },
    );
    return pending;
  }

  const invalidate = (): void => {
    generation += 1;
    loadedVersion = undefined;
    entries = undefined;
    views = new Map();
  };
  source.onChange(invalidate);

  return {
    /** The apps the viewer may see, sorted by category then name. */
    async visibleApps(viewer: Viewer): Promise<readonly App[]> {
      // Writes in this process invalidate at once (onChange); another process's writes are
      // caught by comparing the fingerprint, at most once per recheckMs.
      if (loadedVersion === undefined || now() - checkedAt >= recheckMs) {
        checkedAt = now();
        let version: string | undefined;
        try {
          version = await source.catalogVersion();
        } catch (error) {
          // The database is locked, unreachable or failing: keep serving the catalog from
          // memory (docs/operations.md, docs/deploy.md).
          if (!entries) throw error;
        }
        if (version !== undefined && version !== loadedVersion) {
          invalidate();
          loadedVersion = version;
        }
      }
      const snapshot = await (entries ??= load());
      const groups = [...new Set((viewer?.groups ?? []).map(normalizeGroup))].sort();
      const key = groups.join('\n');
      const cached = views.get(key);
      if (cached) return cached;
      const visible = snapshot.filter((app) => canSee(app, { groups }));
      if (views.size >= MAX_CACHED_VIEWS) views.clear();
      views.set(key, visible);
      return visible;
    },

    /** Forget everything; the next read loads the catalog again. */
    invalidate,
  };
}

export type CatalogSnapshot = ReturnType<typeof createCatalogSnapshot>;

/**
 * The signal that the catalog changed: every catalog write (admin edit, import, catalog file)
 * fires it, and those who keep the catalog in memory (the snapshot) or tell other instances
 * (catalog-notify.ts) listen. One per database, made by the composition root and handed to each
 * who needs it (src/server/repositories.ts): no module-level registry.
 */
export interface CatalogChanges {
  /** Calls `listener` after every catalog write; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
  /** Tells every listener that the catalog changed. */
  notify(): void;
}

export function createCatalogChanges(): CatalogChanges {
  const listeners = new Set<() => void>();
  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
  };
}

import type { App } from '../../../../shared/api/schemas.js';
import { categoryTitle } from '../../../../shared/catalog/categories.js';

export interface CatalogSection<T extends Pick<App, 'category'> = App> {
  /** The displayed title: `apps` reads `Applications`, an empty category `Section Title`. */
  title: string;
  apps: T[];
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** One section per category, sorted alphabetically by displayed title; apps keep their order. */
export function groupByCategory<T extends Pick<App, 'category'>>(
  apps: readonly T[],
): CatalogSection<T>[] {
  const sections = new Map<string, T[]>();
  for (const app of apps) {
    const title = categoryTitle(app.category);
    const list = sections.get(title);
    if (list) list.push(app);
    else sections.set(title, [app]);
  }
  return [...sections]
    .map(([title, list]) => ({ title, apps: list }))
    .sort((a, b) => collator.compare(a.title, b.title) || (a.title < b.title ? -1 : 1));
}

import type { App } from '../../../../shared/api/schemas.js';
import { categoryTitle } from '../../../../shared/catalog/categories.js';
import type { Translate } from '../../../lib/i18n.js';

export interface CatalogSection<T extends Pick<App, 'category'> = App> {
  /** The displayed title: `apps` reads `Applications`, an empty category `Section Title`. */
  title: string;
  apps: T[];
}

/**
 * A category's displayed title in the page's language: the two the portal names itself (`apps`,
 * and none) translated, any other as the catalog gives it.
 */
export function sectionTitle(t: Translate, category: string | null | undefined): string {
  const trimmed = (category ?? '').trim();
  if (trimmed === '') return t('catalog.category.none');
  if (trimmed === 'apps') return t('catalog.category.apps');
  return categoryTitle(trimmed);
}

/**
 * One section per category, sorted alphabetically (in `language`) by displayed title; apps keep
 * their order. `t` gives the titles in the page's language (English titles without it).
 */
export function groupByCategory<T extends Pick<App, 'category'>>(
  apps: readonly T[],
  t?: Translate,
  language = 'en',
): CatalogSection<T>[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const sections = new Map<string, T[]>();
  for (const app of apps) {
    const title = t ? sectionTitle(t, app.category) : categoryTitle(app.category);
    const list = sections.get(title);
    if (list) list.push(app);
    else sections.set(title, [app]);
  }
  return [...sections]
    .map(([title, list]) => ({ title, apps: list }))
    .sort((a, b) => collator.compare(a.title, b.title) || (a.title < b.title ? -1 : 1));
}

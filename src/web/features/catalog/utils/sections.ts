import type { App } from '../../../../shared/api/schemas.js';
import { categoryTitle } from '../../../../shared/catalog/categories.js';
import { categoryToken } from '../../../../shared/density/collapsed-categories.js';
import { collatorFor } from '../../../lib/collator.js';
import type { Translate } from '../../../lib/i18n.js';

export interface CatalogSection<T extends Pick<App, 'category'> = App> {
  /** The displayed title: `apps` reads `Applications`, an empty category `Section Title`. */
  title: string;
  /**
   * The section's token (shared/density/collapsed-categories.ts): the same in every language,
   * it names the section in the collapsed categories' cookie and in its element's id.
   */
  token: string;
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

/** Titles that comparePlain orders as the collator does: ASCII letters, digits and spaces. */
const PLAIN = /^[A-Za-z0-9 ]*$/;

const isDigit = (code: number) => code >= 48 && code <= 57;

/** Spaces before digits before letters, case ignored (a digit run is compared apart). */
function rank(code: number): number {
  if (code === 32) return 0;
  if (isDigit(code)) return 1;
  return 2 + ((code | 32) - 97);
}

/** The end of the run of digits that starts at `from`. */
function digitsEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && isDigit(text.charCodeAt(end))) end += 1;
  return end;
}

/**
 * Compares two PLAIN titles exactly as `Intl.Collator(language, { sensitivity: 'base',
 * numeric: true })` does in every language the portal speaks (sections.test.ts checks it against
 * the collator): spaces before digits before letters, case ignored, runs of digits by their
 * value, a prefix first. The first Intl object a page makes costs the browser its language data
 * (about 40-120 ms on this machine's Chromium, four times that on a phone); hydrating the home
 * page then needs none.
 */
export function comparePlain(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (isDigit(x) && isDigit(y)) {
      const endA = digitsEnd(a, i);
      const endB = digitsEnd(b, j);
      const numberA = a.slice(i, endA).replace(/^0+/, '');
      const numberB = b.slice(j, endB).replace(/^0+/, '');
      if (numberA.length !== numberB.length) return numberA.length - numberB.length;
      if (numberA !== numberB) return numberA < numberB ? -1 : 1;
      i = endA;
      j = endB;
      continue;
    }
    const order = rank(x) - rank(y);
    if (order !== 0) return order;
    i += 1;
    j += 1;
  }
  return a.length - i - (b.length - j);
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
  const sections = new Map<string, T[]>();
  const tokens = new Map<string, string>();
  for (const app of apps) {
    const title = t ? sectionTitle(t, app.category) : categoryTitle(app.category);
    const list = sections.get(title);
    if (list) list.push(app);
    else {
      sections.set(title, [app]);
      tokens.set(title, categoryToken(categoryTitle((app.category ?? '').trim())));
    }
  }
  const titles = [...sections.keys()];
  const compare = titles.every((title) => PLAIN.test(title))
    ? comparePlain
    : collatorFor(language).compare;
  return [...sections]
    .map(([title, list]) => ({ title, token: tokens.get(title) ?? '', apps: list }))
    .sort((a, b) => compare(a.title, b.title) || (a.title < b.title ? -1 : 1));
}

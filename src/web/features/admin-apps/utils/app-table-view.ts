import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import { allTexts } from '../../../../shared/i18n/localized-text.js';
import { collatorFor } from '../../../lib/collator.js';
import { nameOf } from '../../../lib/console/app-name.js';

export type SortKey = 'name' | 'category' | 'env' | 'visibility' | 'status' | 'updatedAt';
export interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

export interface TableFilter {
  /** Matches name, id, category, link and groups, ignoring case. */
  text: string;
  env: '' | AdminApp['env'];
  visibility: '' | 'public' | 'groups' | 'hidden';
  /** A category as stored (`apps`, `Data`...); '' for all. */
  category: string;
}

export const NO_FILTER: TableFilter = { text: '', env: '', visibility: '', category: '' };

/** Who may see an app: everyone, members of its groups, or nobody but admins. */
export function visibilityOf(app: AdminApp): 'public' | 'groups' | 'hidden' {
  if (app.isPublic) return 'public';
  return app.associatedGroups.length > 0 ? 'groups' : 'hidden';
}

const ENV_ORDER = { prod: 0, stage: 1, dev: 2 } as const;

function compare(
  a: AdminApp,
  b: AdminApp,
  key: SortKey,
  collator: Intl.Collator,
  language: string,
): number {
  switch (key) {
    case 'env':
      return ENV_ORDER[a.env] - ENV_ORDER[b.env];
    case 'status':
      return (a.status ?? -1) - (b.status ?? -1);
    case 'visibility':
      return collator.compare(visibilityOf(a), visibilityOf(b));
    case 'updatedAt':
      return a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0;
    case 'name':
      return collator.compare(nameOf(a, language), nameOf(b, language));
    default:
      return collator.compare(a[key], b[key]);
  }
}

/** The rows the table shows: filtered, then sorted in the language's order (ties by name). */
export function tableRows(
  apps: readonly AdminApp[],
  filter: TableFilter,
  sort: Sort,
  language = 'en',
): AdminApp[] {
  const collator = collatorFor(language);
  const text = filter.text.trim().toLowerCase();
  const rows = apps.filter(
    (app) =>
      (filter.env === '' || app.env === filter.env) &&
      (filter.visibility === '' || visibilityOf(app) === filter.visibility) &&
      (filter.category === '' || app.category === filter.category) &&
      (text === '' ||
        [...allTexts(app.name), app.id, app.category, app.link, ...app.associatedGroups].some(
          (value) => value.toLowerCase().includes(text),
        )),
  );
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows.sort(
    (a, b) =>
      sign * compare(a, b, sort.key, collator, language) ||
      collator.compare(nameOf(a, language), nameOf(b, language)),
  );
}

import { SearchX } from '../../../ui/icons.js';
import { useT } from '../../../lib/i18n.js';
import { markFor, RichText } from '../../../ui/rich-text.js';

/** Examples of the search's filters: its own words, the same in every language. */
const FILTERS = { env: 'env:dev', status: 'status:up', category: 'category:Data', fav: 'fav' };
const FILTER_MARKS = Object.fromEntries(Object.keys(FILTERS).map((name) => [name, markFor(name)]));
const FILTER_PARTS = Object.fromEntries(
  Object.entries(FILTERS).map(([name, filter]) => [name, <code>{filter}</code>]),
);

export interface SearchEmptyStateProps {
  query: string;
  onClear(): void;
}

/** Shown instead of the sections when no app matches the search. */
export function SearchEmptyState({ query, onClear }: SearchEmptyStateProps) {
  const t = useT();
  return (
    <div className="bg-base-100 border-base-300 rounded-box flex flex-col items-center gap-3 border px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="text-base-content/60 size-10" />
      <h2 className="text-xl font-semibold">{t('search.empty.title', { query: query.trim() })}</h2>
      <p className="text-base-content/80 max-w-prose">
        <RichText text={t('search.empty.body', FILTER_MARKS)} parts={FILTER_PARTS} />
      </p>
      <button type="button" className="btn btn-primary" onClick={onClear}>
        {t('search.empty.clear')}
      </button>
    </div>
  );
}

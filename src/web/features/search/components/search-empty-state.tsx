import { SearchX } from '../../../ui/icons.js';

export interface SearchEmptyStateProps {
  query: string;
  onClear(): void;
}

/** Shown instead of the sections when no app matches the search. */
export function SearchEmptyState({ query, onClear }: SearchEmptyStateProps) {
  return (
    <div className="bg-base-100 border-base-300 rounded-box flex flex-col items-center gap-3 border px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="text-base-content/60 size-10" />
      <h2 className="text-xl font-semibold">No apps match “{query.trim()}”</h2>
      <p className="text-base-content/80 max-w-prose">
        Check the spelling or try fewer words. Filters such as <code>env:dev</code>,{' '}
        <code>status:up</code>, <code>category:Data</code> or <code>fav</code> narrow the search
        too.
      </p>
      <button type="button" className="btn btn-primary" onClick={onClear}>
        Clear search
      </button>
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { locationWithQuery, queryFromSearch } from '../utils/search-url.js';

export interface SearchQuery {
  /** The search box's text, as typed. */
  query: string;
  /** Sets the query while typing (the URL follows). */
  setQuery(query: string): void;
  /** Marks the query as done (the field lost focus, an app was opened). */
  commit(): void;
  /** Empties the query and commits, so Back brings the cleared search back. */
  clear(): void;
}

/**
 * The search query, kept in the URL as `?q=` so it survives a reload and can be shared.
 * `serverSearch` is the query string a server-rendered page was rendered for.
 *
 * History: the first change after a commit (or after loading, or Back/Forward) pushes a new
 * entry; further changes replace it, so typing `galaxy` adds one entry, not six. A commit is
 * the field losing focus, opening an app or clearing the search. Back and Forward then step
 * through searches, and the query follows the URL (`popstate`).
 */
export function useSearchQuery(serverSearch = ''): SearchQuery {
  // While rendering on the server there is no window: the request's query string stands in.
  const [query, setQueryState] = useState(() =>
    queryFromSearch(typeof window === 'undefined' ? serverSearch : window.location.search),
  );
  /** True while the current history entry belongs to the search being typed. */
  const typing = useRef(false);

  useEffect(() => {
    const onPopState = () => {
      typing.current = false;
      setQueryState(queryFromSearch(window.location.search));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const setQuery = useCallback((next: string) => {
    setQueryState(next);
    const { location, history } = window;
    const url = locationWithQuery(location, next);
    if (url === `${location.pathname}${location.search}${location.hash}`) return;
    if (typing.current) {
      history.replaceState(history.state, '', url);
    } else {
      history.pushState(null, '', url);
      typing.current = true;
    }
  }, []);

  const commit = useCallback(() => {
    typing.current = false;
  }, []);

  const clear = useCallback(() => {
    setQuery('');
    typing.current = false;
  }, [setQuery]);

  return { query, setQuery, commit, clear };
}

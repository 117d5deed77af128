/** The URL query parameter that holds the search, so a search can be shared and reloaded. */
export const SEARCH_PARAM = 'q';

/** The query in a location's search string (`?q=env%3Adev+galaxy`); empty when there is none. */
export function queryFromSearch(search: string): string {
  return new URLSearchParams(search).get(SEARCH_PARAM) ?? '';
}

/**
 * The same location (path, other parameters, fragment) with `query` as `?q=`; a blank query
 * removes the parameter, so clearing the search gives back the plain URL.
 */
export function locationWithQuery(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  query: string,
): string {
  const params = new URLSearchParams(location.search);
  if (query.trim() === '') params.delete(SEARCH_PARAM);
  else params.set(SEARCH_PARAM, query);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}

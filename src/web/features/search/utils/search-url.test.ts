import { describe, expect, it } from 'vitest';
import { locationWithQuery, queryFromSearch } from './search-url.js';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('queryFromSearch', () => {
  it.each([
    ['', ''],
    ['?q=galaxy', 'galaxy'],
    ['?q=env%3Adev+galaxy', 'env:dev galaxy'],
    ['?q=category%3A%22Data%20Science%22', 'category:"Data Science"'],
    ['?other=1', ''],
    ['?q=', ''],
  ])('reads %j as %j', (search, query) => {
    expect(queryFromSearch(search)).toBe(query);
  });
});

describe('locationWithQuery', () => {
  it('sets q, keeping the path, the other parameters and the fragment', () => {
    expect(locationWithQuery(at('/some/page', '?tab=2', '#top'), 'env:dev galaxy')).toBe(
      '/some/page?tab=2&q=env%3Adev+galaxy#top',
    );
  });

  it('replaces an earlier q', () => {
    expect(locationWithQuery(at('/', '?q=gal'), 'galaxy')).toBe('/?q=galaxy');
  });

  it.each(['', '   '])('removes q for the blank query %j', (query) => {
    expect(locationWithQuery(at('/', '?q=galaxy'), query)).toBe('/');
    expect(locationWithQuery(at('/', '?tab=2&q=galaxy'), query)).toBe('/?tab=2');
  });

  it('round-trips what the user typed', () => {
    const typed = 'category:"Data Science" fav ünïcode & more ';
    const url = new URL(locationWithQuery(at('/'), typed), 'http://localhost');
    expect(queryFromSearch(url.search)).toBe(typed);
  });
});

import { describe, expect, it } from 'vitest';
import { createItemLookup, createStatusLookup } from './match-status.js';

const item = (url: string, status: number) => ({
  url,
  status,
  checkedAt: '2026-03-01T10:00:00.000Z',
  stale: false,
});

describe('createStatusLookup', () => {
  const lookup = createStatusLookup([
    item('https://galaxy.example.edu/', 0),
    item('http://www.RStudio.example.edu', 2),
    item('https://igv.example.edu/app/', 3),
    item('https://igv.example.edu/app', 1),
    item('https://exact.example.edu/Path', 0),
    item('https://exact.example.edu/path', 3),
  ]);

  it.each([
    ['an exact link', 'https://galaxy.example.edu/', 0],
    ['another scheme', 'http://galaxy.example.edu', 0],
    ['www. and capitals', 'https://WWW.galaxy.example.edu///', 0],
    ['a monitor URL with www.', 'https://rstudio.example.edu/', 2],
    ['a trailing slash difference', 'https://igv.example.edu/app', 1],
    ['an exact link before a normalised one', 'https://exact.example.edu/path', 3],
    ['the first item when several normalise alike', 'https://IGV.example.edu/app//', 3],
  ])('matches %s', (_case, link, status) => {
    expect(lookup(link)).toBe(status);
  });

  it.each([
    ['another host', 'https://other.example.edu/'],
    ['another path', 'https://galaxy.example.edu/admin'],
    ['an empty link', ''],
    ['a blank link', '   '],
  ])('has nothing for %s', (_case, link) => {
    expect(lookup(link)).toBeUndefined();
  });

  it('has nothing before the monitor answered', () => {
    expect(createStatusLookup([])('https://galaxy.example.edu/')).toBeUndefined();
  });
});

describe('createItemLookup', () => {
  it('finds the whole item, with when it was checked and whether it is stale', () => {
    const stale = { ...item('https://galaxy.example.edu/', 0), stale: true };
    const find = createItemLookup([stale]);
    expect(find('https://galaxy.example.edu')).toEqual(stale);
    expect(find('')).toBeUndefined();
  });
});

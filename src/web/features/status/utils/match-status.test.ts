import { describe, expect, it } from 'vitest';
import { createStatusLookup } from './match-status.js';

describe('createStatusLookup', () => {
  const lookup = createStatusLookup([
    { url: 'https://galaxy.example.edu/', status: 0 },
    { url: 'http://www.RStudio.example.edu', status: 2 },
    { url: 'https://igv.example.edu/app/', status: 3 },
    { url: 'https://igv.example.edu/app', status: 1 },
    { url: 'https://exact.example.edu/Path', status: 0 },
    { url: 'https://exact.example.edu/path', status: 3 },
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

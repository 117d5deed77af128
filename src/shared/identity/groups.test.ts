import { describe, expect, it } from 'vitest';
import { joinGroups, normalizeGroup, parseGroups } from './groups.js';

describe('normalizeGroup', () => {
  it.each([
    ['/genomics', 'genomics'],
    ['//genomics', 'genomics'],
    ['  /genomics  ', 'genomics'],
    ['genomics/team-a', 'genomics/team-a'],
    ['/genomics/team-a', 'genomics/team-a'],
    ['Genomics', 'Genomics'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeGroup(input)).toBe(expected);
  });
});

describe('parseGroups', () => {
  it('reads a list of strings', () => {
    expect(parseGroups(['/genomics', 'staff', ' /imaging '])).toEqual([
      'genomics',
      'staff',
      'imaging',
    ]);
  });
  it('reads a single string as one group', () => {
    expect(parseGroups('/genomics')).toEqual(['genomics']);
  });
  it.each([[null], [undefined], [42], [{ genomics: true }], [true]])(
    'treats %j as no groups',
    (claim) => {
      expect(parseGroups(claim)).toEqual([]);
    },
  );
  it('skips non-string items, empty names and duplicates', () => {
    expect(parseGroups(['/a', 3, null, '', ' / ', 'a', '/b'])).toEqual(['a', 'b']);
  });
});

describe('joinGroups', () => {
  it('comma-joins names without leading slashes', () => {
    expect(joinGroups(['/genomics', 'staff'])).toBe('genomics,staff');
    expect(joinGroups([])).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import {
  groupFromClaim,
  joinGroups,
  normalizeGroup,
  parseGroups,
  readGroupsClaim,
} from './groups.js';

describe('normalizeGroup (app groups typed by admins)', () => {
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

// Checklist 26 and 27: exact, case-sensitive names after removing one leading `/`.
describe('groupFromClaim', () => {
  it.each([
    ['/genomics', 'genomics'],
    ['genomics', 'genomics'],
    ['/Genomics', 'Genomics'],
    ['/genomics-admin', 'genomics-admin'],
    // A Keycloak subgroup's full path is its own name: it does not grant the parent.
    ['/genomics/team-a', 'genomics/team-a'],
    ['/lab members', 'lab members'],
    // Keycloak with escaped slashes in names (`gen/omics` as a name) stays apart from the path.
    ['/gen~/omics', 'gen~/omics'],
    ['/gen/omics', 'gen/omics'],
  ])('%j is the group %j', (entry, group) => {
    expect(groupFromClaim(entry)).toBe(group);
  });

  it.each([
    ['imaging '],
    [' imaging'],
    ['/imaging '],
    ['//imaging'],
    ['/ imaging'],
    ['/imaging/'],
    ['imaging//team'],
    ['/imaging/ team'],
    ['/'],
    [''],
    ['   '],
    ['imag\u0000ing'],
    ['imaging\n'],
    ['imag\u0085ing'],
    [3],
    [null],
    [{ name: 'imaging' }],
    [['imaging']],
  ])('refuses %j', (entry) => {
    expect(groupFromClaim(entry)).toBeUndefined();
  });
});

describe('parseGroups / readGroupsClaim', () => {
  it('reads a list of names and full paths', () => {
    expect(parseGroups(['/genomics', 'staff', '/imaging/team-a'])).toEqual([
      'genomics',
      'staff',
      'imaging/team-a',
    ]);
  });

  it('does not turn malformed entries into other groups (finding 12)', () => {
    expect(parseGroups(['imaging ', '//imaging', ' /imaging', '/imaging/'])).toEqual([]);
    expect(readGroupsClaim(['/a', 'a ', '//a', 3, null, '', 'a', '/b'])).toEqual({
      groups: ['a', 'b'],
      malformedClaim: false,
      refusedEntries: 5,
    });
  });

  // Checklist 20: a claim that is not a list is no groups, whatever it contains.
  it.each([['/genomics'], ['genomics'], [42], [{ genomics: true }], [true], [null]])(
    'treats the claim %j as no groups, and says it is malformed',
    (claim) => {
      expect(readGroupsClaim(claim)).toEqual({
        groups: [],
        malformedClaim: true,
        refusedEntries: 0,
      });
    },
  );

  it('a missing claim is no groups, not a malformed one', () => {
    expect(readGroupsClaim(undefined)).toEqual({
      groups: [],
      malformedClaim: false,
      refusedEntries: 0,
    });
  });
});

describe('joinGroups', () => {
  it('comma-joins names without leading slashes', () => {
    expect(joinGroups(['/genomics', 'staff'])).toBe('genomics,staff');
    expect(joinGroups([])).toBe('');
  });
});

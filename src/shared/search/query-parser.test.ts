import { describe, expect, it } from 'vitest';
import { isEmptyQuery, parseSearchQuery, type ParsedQuery } from './query-parser.js';

const nothing: ParsedQuery = {
  words: [],
  environments: [],
  statuses: [],
  categories: [],
  favoritesOnly: false,
  lockedOnly: false,
};

describe('parseSearchQuery', () => {
  it.each<[string, Partial<ParsedQuery>]>([
    ['', {}],
    ['   ', {}],
    ['galaxy', { words: ['galaxy'] }],
    ['  rstudio   server ', { words: ['rstudio', 'server'] }],
    ['Galaxy galaxy Galaxy', { words: ['Galaxy', 'galaxy'] }],
    ['"single cell" rna', { words: ['single cell', 'rna'] }],
    ['"single cell', { words: ['single cell'] }],
    // Filters
    ['env:prod', { environments: ['prod'] }],
    ['ENV:Dev', { environments: ['dev'] }],
    ['env:dev env:stage env:dev', { environments: ['dev', 'stage'] }],
    ['status:up', { statuses: ['up'] }],
    ['status:Maintenance status:pending', { statuses: ['maintenance', 'pending'] }],
    ['status:down', { statuses: ['down'] }],
    ['status:Flapping', { statuses: ['flapping'] }],
    ['category:Imaging', { categories: ['Imaging'] }],
    ['category:"Data Science"', { categories: ['Data Science'] }],
    ['category:"Data Science', { categories: ['Data Science'] }],
    ['category:Données', { categories: ['Données'] }],
    ['fav', { favoritesOnly: true }],
    ['FAV', { favoritesOnly: true }],
    ['is:locked', { lockedOnly: true }],
    ['IS:Locked imaging', { lockedOnly: true, words: ['imaging'] }],
    ['is:', {}],
    // Combined with words, in any order
    ['env:dev galaxy', { words: ['galaxy'], environments: ['dev'] }],
    [
      'fav omero status:up category:"Data Science" env:prod viewer',
      {
        words: ['omero', 'viewer'],
        environments: ['prod'],
        statuses: ['up'],
        categories: ['Data Science'],
        favoritesOnly: true,
      },
    ],
    // Still being typed: a known key without a value filters nothing yet
    ['env:', {}],
    ['galaxy status:', { words: ['galaxy'] }],
    ['category:""', {}],
  ])('%j', (query, expected) => {
    expect(parseSearchQuery(query)).toEqual({ ...nothing, ...expected });
  });

  it.each([
    ['foo:bar', ['foo:bar']],
    ['env:production', ['env:production']],
    ['status:broken', ['status:broken']],
    ['is:open', ['is:open']],
    ['status:unknown', ['status:unknown']],
    ['favorites', ['favorites']],
    ['fav:yes', ['fav:yes']],
    [':prod', [':prod']],
    ['https://galaxy.example.edu', ['https://galaxy.example.edu']],
    ['priority:"very high"', ['priority:"very high"']],
  ])('treats the unknown filter %j as the words %j', (query, words) => {
    expect(parseSearchQuery(query)).toEqual({ ...nothing, words });
  });

  it('keeps real filters next to unknown ones', () => {
    expect(parseSearchQuery('env:production env:dev')).toEqual({
      ...nothing,
      words: ['env:production'],
      environments: ['dev'],
    });
  });
});

describe('isEmptyQuery', () => {
  it.each([
    ['', true],
    ['  ', true],
    ['env:', true],
    ['is:', true],
    ['is:locked', false],
    ['galaxy', false],
    ['env:dev', false],
    ['status:up', false],
    ['category:Data', false],
    ['fav', false],
  ])('%j -> %j', (query, empty) => {
    expect(isEmptyQuery(parseSearchQuery(query))).toBe(empty);
  });
});

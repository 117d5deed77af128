import { describe, expect, it } from 'vitest';
import { createItemLookup, createStatusLookup } from './match-status.js';

const item = (id: string, url: string, status: number) => ({
  id,
  url,
  status,
  checkedAt: '2026-03-01T10:00:00.000Z',
  stale: false,
});

describe('createStatusLookup', () => {
  const lookup = createStatusLookup([
    item('galaxy', 'https://galaxy.example.edu/', 0),
    item('igv', 'https://igv.example.edu/', 3),
    // Checked at an address on a network: the item names no link (docs/networks.md).
    item('cluster', '', 1),
    item('igv', 'https://igv.example.edu/', 1),
  ]);

  it('finds an app by its id, whatever link its card shows', () => {
    expect(lookup({ id: 'galaxy' })).toBe(0);
    expect(lookup({ id: 'cluster' })).toBe(1);
  });

  it('takes the first item of an id', () => {
    expect(lookup({ id: 'igv' })).toBe(3);
  });

  it('has nothing for another app, nor before the monitor answered', () => {
    expect(lookup({ id: 'other' })).toBeUndefined();
    expect(createStatusLookup([])({ id: 'galaxy' })).toBeUndefined();
  });
});

describe('createItemLookup', () => {
  it('finds the whole item, with when it was checked and whether it is stale', () => {
    const stale = { ...item('galaxy', 'https://galaxy.example.edu/', 0), stale: true };
    const find = createItemLookup([stale]);
    expect(find({ id: 'galaxy' })).toEqual(stale);
    expect(find({ id: 'igv' })).toBeUndefined();
  });
});

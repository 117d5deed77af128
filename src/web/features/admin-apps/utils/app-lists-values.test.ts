import { describe, expect, it } from 'vitest';
import { makeAdminApp } from '../../../test-support/admin-fixtures.js';
import {
  entryProblem,
  listRowErrors,
  listsCreateBody,
  listsPatch,
  listValuesOf,
  newLinkRow,
} from './app-lists-values.js';

const ORDER = ['campus', 'vpn'];
const app = makeAdminApp({
  id: 'igv',
  addresses: [
    { network: 'vpn', url: 'https://igv.vpn.example.edu/' },
    { network: 'campus', url: 'https://igv.campus.example.edu/' },
  ],
  links: [{ kind: 'support', url: 'mailto:igv@example.edu', label: 'IGV team' }],
});

describe('the app form’s addresses and links', () => {
  it('sends no lists for an app without them, whether the answer has empty lists or none', () => {
    expect(listsCreateBody(listValuesOf(undefined), ORDER)).toEqual({});
    for (const plain of [
      makeAdminApp({ id: 'a' }),
      makeAdminApp({ id: 'b', addresses: [], links: [] }),
    ]) {
      expect(listsPatch(plain, listValuesOf(plain), ORDER)).toEqual({});
      // A link row added and left blank changes nothing either.
      const values = listValuesOf(plain);
      expect(listsPatch(plain, { ...values, links: [newLinkRow()] }, ORDER)).toEqual({});
    }
  });

  it('round-trips an app’s lists unchanged, whatever the order of its addresses', () => {
    const values = listValuesOf(app);
    expect(values.addresses).toEqual({
      vpn: 'https://igv.vpn.example.edu/',
      campus: 'https://igv.campus.example.edu/',
    });
    expect(listsPatch(app, values, ORDER)).toEqual({});
    // Changed: sent whole, in the networks' order; a cleared address is left out.
    const changed = { ...values, addresses: { ...values.addresses, vpn: ' ' } };
    expect(listsPatch(app, changed, ORDER)).toEqual({
      addresses: [{ network: 'campus', url: 'https://igv.campus.example.edu/' }],
    });
  });

  it('reads the entry and field of the rules’ messages, and checks each row alone', () => {
    expect(entryProblem('entry 2: "url" must be an http(s) URL (got "x")')).toEqual({
      index: 1,
      field: 'url',
      message: 'must be an http(s) URL (got "x")',
    });
    expect(entryProblem('entry 1 names the network "lab", which is not defined')).toEqual({
      index: 0,
      field: null,
      message: 'names the network "lab", which is not defined',
    });
    expect(entryProblem('must be a list of { kind, url, label? }')).toBeNull();
    const bad = { ...newLinkRow('status'), url: 'mailto:x@example.edu' };
    const errors = listRowErrors({ addresses: { campus: 'ftp://x' }, links: [bad] });
    expect(errors.addresses.campus?.message).toBe('must be an http(s) URL (got "ftp://x")');
    expect(errors.links[bad.key]).toMatchObject({ field: 'url' });
  });
});

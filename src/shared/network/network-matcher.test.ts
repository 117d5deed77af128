import { describe, expect, it } from 'vitest';
import { createNetworkMatcher } from './network-matcher.js';

const campus = { id: 'campus', ranges: ['10.0.0.0/8', '2001:db8::/32'] };
const vpn = { id: 'vpn', ranges: ['10.8.0.0/16', '2001:db8:ff::/48'] };
const lab = { id: 'lab', ranges: ['10.8.0.0/16'] };

describe('createNetworkMatcher', () => {
  const matcher = createNetworkMatcher([campus, vpn, lab]);
  const idOf = (address: string | undefined | null) => matcher.networkOf(address)?.id ?? null;

  it.each([
    ['10.1.2.3', 'campus'],
    ['::ffff:10.1.2.3', 'campus'],
    ['2001:db8:1::7', 'campus'],
    ['192.0.2.1', null],
    ['2001:db9::1', null],
  ])('IPv4, IPv6 and IPv4-mapped IPv6: %s is on %s', (address, expected) => {
    expect(idOf(address)).toBe(expected);
  });

  it('the most specific range wins where ranges overlap, whatever the order', () => {
    expect(idOf('10.8.1.1')).toBe('vpn');
    expect(idOf('2001:db8:ff::1')).toBe('vpn');
    expect(createNetworkMatcher([vpn, campus]).networkOf('10.8.1.1')?.id).toBe('vpn');
  });

  it('between ranges of the same length, the network listed first', () => {
    expect(idOf('10.8.1.1')).toBe('vpn');
    expect(createNetworkMatcher([campus, lab, vpn]).networkOf('10.8.1.1')?.id).toBe('lab');
  });

  it('no address, or an unreadable one, is on no network', () => {
    expect(idOf(undefined)).toBeNull();
    expect(idOf(null)).toBeNull();
    expect(idOf('unknown')).toBeNull();
    expect(idOf('_hidden')).toBeNull();
  });

  it('no networks: nobody is on one', () => {
    expect(createNetworkMatcher([]).networkOf('10.1.2.3')).toBeNull();
  });
});

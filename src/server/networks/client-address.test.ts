import { describe, expect, it } from 'vitest';
import { formatAddress, parseRange, type IpRange } from '../../shared/network/ip-ranges.js';
import { clientAddress, forwardedFor, parseNode } from './client-address.js';

const ranges = (...texts: string[]): IpRange[] =>
  texts.map((text) => {
    const { range, error } = parseRange(text);
    if (!range) throw new Error(error);
    return range;
  });

const client = (
  peer: string | undefined,
  headers: Record<string, string | string[]>,
  trusted: IpRange[],
) => {
  const address = clientAddress(peer, headers, trusted);
  return address ? formatAddress(address) : null;
};

const PROXY = '192.0.2.10';
const TRUSTED = ranges('192.0.2.0/28', '2001:db8:ffff::/48');

describe('parseNode', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['10.1.2.3:4711', '10.1.2.3'],
    ['2001:db8::17', '2001:db8::17'],
    ['[2001:db8::17]', '2001:db8::17'],
    ['[2001:db8::17]:4711', '2001:db8::17'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
  ])('%s is %s', (text, expected) => {
    const address = parseNode(text);
    expect(address && formatAddress(address)).toBe(expected);
  });

  it.each(['unknown', '_hidden', '_SEVKISEK', '', 'campus.example.edu', '[10.1.2.3'])(
    '%j is no address',
    (text) => {
      expect(parseNode(text)).toBeUndefined();
    },
  );
});

describe('forwardedFor (RFC 7239)', () => {
  it('reads the for= node of each element, quoted or not, whatever the other pairs', () => {
    expect(
      forwardedFor(
        'for=192.0.2.60;proto=http;by=203.0.113.43, For="[2001:db8:cafe::17]:4711", proto=https, for="_hidden;x"',
      ),
    ).toEqual(['192.0.2.60', '[2001:db8:cafe::17]:4711', '', '_hidden;x']);
  });
});

describe('clientAddress', () => {
  it('is the peer when the peer is not a trusted proxy: forwarding headers are ignored', () => {
    const spoofed = { 'x-forwarded-for': '10.1.2.3', forwarded: 'for=10.1.2.3' };
    expect(client('198.51.100.7', spoofed, TRUSTED)).toBe('198.51.100.7');
    expect(client('198.51.100.7', spoofed, [])).toBe('198.51.100.7');
    expect(client('::ffff:198.51.100.7', spoofed, TRUSTED)).toBe('198.51.100.7');
  });

  it('reads X-Forwarded-For right to left past trusted proxies', () => {
    expect(client(PROXY, { 'x-forwarded-for': '10.1.2.3' }, TRUSTED)).toBe('10.1.2.3');
    // A chain: client, then an inner trusted proxy; the left-most entry is the client's own
    // claim, believed only as far as trusted hops vouch for it.
    expect(client(PROXY, { 'x-forwarded-for': '6.6.6.6, 10.1.2.3, 192.0.2.11' }, TRUSTED)).toBe(
      '10.1.2.3',
    );
    expect(client(PROXY, { 'x-forwarded-for': ['10.1.2.3', '192.0.2.11'] }, TRUSTED)).toBe(
      '10.1.2.3',
    );
    // Every hop trusted: the furthest one.
    expect(client(PROXY, { 'x-forwarded-for': '192.0.2.12, 192.0.2.11' }, TRUSTED)).toBe(
      '192.0.2.12',
    );
  });

  it('reads Forwarded for= nodes the same way, IPv6 in brackets and ports included', () => {
    expect(
      client(PROXY, { forwarded: 'for="[2001:db8:cafe::17]:4711";proto=https' }, TRUSTED),
    ).toBe('2001:db8:cafe::17');
    expect(client(PROXY, { forwarded: 'for=10.1.2.3, for="[2001:db8:ffff::1]"' }, TRUSTED)).toBe(
      '10.1.2.3',
    );
    expect(client('2001:db8:ffff::2', { forwarded: 'for="10.1.2.3:80"' }, TRUSTED)).toBe(
      '10.1.2.3',
    );
  });

  it('an obfuscated, unknown or unreadable hop makes the client unknown', () => {
    expect(client(PROXY, { forwarded: 'for=_hidden' }, TRUSTED)).toBeNull();
    expect(client(PROXY, { forwarded: 'for=unknown' }, TRUSTED)).toBeNull();
    expect(client(PROXY, { forwarded: 'proto=https' }, TRUSTED)).toBeNull();
    expect(client(PROXY, { 'x-forwarded-for': 'campus-gw' }, TRUSTED)).toBeNull();
    // ...but only when it must be read: an untrusted hop before it ends the walk.
    expect(client(PROXY, { 'x-forwarded-for': '_x, 10.1.2.3' }, TRUSTED)).toBe('10.1.2.3');
  });

  it('both headers: believed when they agree, neither when they name different clients', () => {
    const agree = { 'x-forwarded-for': '10.1.2.3', forwarded: 'for=10.1.2.3;proto=https' };
    expect(client(PROXY, agree, TRUSTED)).toBe('10.1.2.3');
    // A proxy that writes X-Forwarded-For passes the client's own Forwarded header on.
    const passedOn = { 'x-forwarded-for': '198.51.100.7', forwarded: 'for=10.1.2.3' };
    expect(client(PROXY, passedOn, TRUSTED)).toBeNull();
  });

  it('a trusted proxy that forwards nothing is the client; no peer is no client', () => {
    expect(client(PROXY, {}, TRUSTED)).toBe(PROXY);
    expect(client(PROXY, { 'x-forwarded-for': ' ' }, TRUSTED)).toBe(PROXY);
    expect(client(undefined, { 'x-forwarded-for': '10.1.2.3' }, TRUSTED)).toBeNull();
  });
});

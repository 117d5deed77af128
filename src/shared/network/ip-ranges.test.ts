import { describe, expect, it } from 'vitest';
import { formatAddress, inRange, parseAddress, parseRange } from './ip-ranges.js';

const range = (text: string) => {
  const parsed = parseRange(text);
  if (!parsed.range) throw new Error(parsed.error);
  return parsed.range;
};
const address = (text: string) => {
  const parsed = parseAddress(text);
  if (!parsed) throw new Error(`not an address: ${text}`);
  return parsed;
};

describe('parseAddress', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    [' 192.0.2.1 ', '192.0.2.1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['::1', '::1'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['::ffff:a01:203', '10.1.2.3'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('%s reads as %s', (text, expected) => {
    expect(formatAddress(address(text))).toBe(expected);
  });

  it.each([
    '',
    'campus',
    '10.1',
    '010.1.2.3',
    '0x0a.1.2.3',
    '256.1.1.1',
    '[::1]',
    '10.1.2.3:80',
    '1::2::3',
  ])('%j is not an address', (text) => {
    expect(parseAddress(text)).toBeUndefined();
  });
});

describe('parseRange', () => {
  it.each([
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['10.1.2.3', '10.1.2.3/32'],
    ['2001:db8::/32', '2001:db8::/32'],
    ['2001:0DB8:0000::/48', '2001:db8::/48'],
    ['::1', '::1/128'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['::/0', '::/0'],
    ['::ffff:10.0.0.0/104', '10.0.0.0/8'],
  ])('%s is %s', (text, expected) => {
    expect(range(text).text).toBe(expected);
  });

  it.each([
    ['10.0.0.0/33', '"10.0.0.0/33" has a bad prefix length: it must be a number from 0 to 32'],
    ['2001:db8::/129', 'must be a number from 0 to 128'],
    ['10.0.0.0/', 'bad prefix length'],
    ['10.0.0.0/8/8', 'bad prefix length'],
    ['10.0.0.0/-1', 'bad prefix length'],
    ['campus', '"campus" is not an IPv4 or IPv6 address or CIDR range'],
    ['10.0.0/8', 'is not an IPv4 or IPv6 address'],
    ['', 'is not an IPv4 or IPv6 address'],
    ['fe80::%eth0/64', 'zone'],
    ['10.1.2.3/8', 'write the range as "10.0.0.0/8"'],
    ['2001:db8::1/32', 'write the range as "2001:db8::/32"'],
  ])('%j is refused: %s', (text, message) => {
    const parsed = parseRange(text);
    expect(parsed.range).toBeUndefined();
    expect(parsed.error).toContain(message);
  });

  it('masks the address bits after the prefix when loose (TRUST_PROXY lists)', () => {
    expect(parseRange('10.1.2.3/8', { loose: true }).range?.text).toBe('10.0.0.0/8');
  });
});

describe('inRange', () => {
  it.each([
    ['10.1.2.3', '10.0.0.0/8', true],
    ['11.1.2.3', '10.0.0.0/8', false],
    ['10.1.2.3', '10.1.2.3', true],
    ['10.1.2.4', '10.1.2.3', false],
    ['::ffff:10.1.2.3', '10.0.0.0/8', true],
    ['2001:db8:1::5', '2001:db8::/32', true],
    ['2001:db9::5', '2001:db8::/32', false],
    ['10.1.2.3', '::/0', false],
    ['2001:db8::1', '0.0.0.0/0', false],
    ['127.0.0.2', '127.0.0.2/32', true],
    ['127.0.0.3', '127.0.0.2/32', false],
  ])('%s in %s: %s', (text, rangeText, expected) => {
    expect(inRange(address(text), range(rangeText))).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { cleanMessage } from './reports.service.js';
import { statusWord } from './report-mail.js';
import { mailtoAddresses, supportAddressesOf } from './support-address.js';

describe('mailtoAddresses', () => {
  it.each([
    ['a plain address', 'mailto:help@example.edu', ['help@example.edu']],
    ['capitals in the scheme, spaces around', '  MAILTO:help@example.edu ', ['help@example.edu']],
    [
      'the query ignored',
      'mailto:help@example.edu?cc=x@example.org&subject=Hi',
      ['help@example.edu'],
    ],
    ['percent-encoded', 'mailto:help%40example.edu', ['help@example.edu']],
    [
      'several, repeated once',
      'mailto:a@example.edu,b@example.edu,a@example.edu',
      ['a@example.edu', 'b@example.edu'],
    ],
    ['a line break smuggled in', 'mailto:help@example.edu%0d%0aBcc:x@example.org', []],
    ['a display name', 'mailto:Help%20Desk%20<help@example.edu>', []],
    ['no address', 'mailto:', []],
    ['only a query', 'mailto:?to=help@example.edu', []],
    ['bad percent-encoding', 'mailto:help%zz@example.edu', []],
    ['a web page', 'https://help.example.edu/', []],
  ])('%s', (_case, url, expected) => {
    expect(mailtoAddresses(url)).toEqual(expected);
  });
});

describe('supportAddressesOf', () => {
  it('takes the first support link with an address; other kinds and web pages give none', () => {
    expect(
      supportAddressesOf([
        { kind: 'other', url: 'mailto:other@example.edu' },
        { kind: 'support', url: 'https://help.example.edu/' },
        { kind: 'support', url: 'mailto:help@example.edu' },
        { kind: 'support', url: 'mailto:second@example.edu' },
      ]),
    ).toEqual(['help@example.edu']);
    expect(supportAddressesOf([{ kind: 'support', url: 'https://help.example.edu/' }])).toEqual([]);
    expect(supportAddressesOf(undefined)).toEqual([]);
  });
});

describe('the words of a report', () => {
  it.each([
    [0, 'down'],
    [1, 'up'],
    [2, 'pending'],
    [3, 'maintenance'],
    [undefined, 'unknown'],
    [7, 'unknown'],
  ])('status %s is %s', (status, word) => {
    expect(statusWord(status)).toBe(word);
  });

  it('keeps line breaks and tabs of a message, drops other control characters, trims', () => {
    expect(cleanMessage('  a\r\nb\rc\u0000d\te\u2028 ')).toBe('a\nb\ncd\te');
  });
});

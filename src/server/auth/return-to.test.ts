import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.js';

describe('safeReturnTo', () => {
  it.each([
    ['/', '/'],
    ['/apps', '/apps'],
    ['/apps?category=genomics&x=1', '/apps?category=genomics&x=1'],
    ['/apps#favorites', '/apps#favorites'],
    ['/a/./b/../c', '/a/c'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps the same-origin path %j as %j', (raw, expected) => {
    expect(safeReturnTo(raw)).toBe(expected);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme-relative URL', '//evil.example/path'],
    ['a backslash host', '/\\evil.example'],
    ['backslashes anywhere', '/apps\\..\\evil'],
    ['dot segments that resolve to //host', '/..//evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,hi'],
    ['a relative path', 'apps'],
    ['a leading tab', '\t/evil'],
    ['an embedded newline', '/apps\nLocation: https://evil.example'],
    ['a tab inside //', '/\t/evil.example'],
    ['the sign-in routes (loops)', '/auth/login?returnTo=/'],
    ['the callback', '/auth/callback?code=x'],
    ['an empty value', ''],
    ['a very long value', `/${'a'.repeat(3000)}`],
  ])('falls back to / for %s', (_label, raw) => {
    expect(safeReturnTo(raw)).toBe('/');
  });

  it.each([[undefined], [null], [42], [['/a', '/b']], [{ path: '/a' }]])(
    'falls back to / for a non-string %j',
    (raw) => {
      expect(safeReturnTo(raw)).toBe('/');
    },
  );
});

import { describe, expect, it } from 'vitest';
import { normalizeUrl, sameUrl } from './url.js';

describe('normalizeUrl', () => {
  it.each([
    ['https://galaxy.example.org/', 'galaxy.example.org'],
    ['http://galaxy.example.org', 'galaxy.example.org'],
    ['HTTPS://WWW.Galaxy.Example.org///', 'galaxy.example.org'],
    ['https://www.example.org/path/', 'example.org/path'],
    ['https://example.org/www.x/', 'example.org/www.x'],
    ['galaxy.example.org', 'galaxy.example.org'],
    ['  https://example.org:8443/app/  ', 'example.org:8443/app'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });
});

describe('sameUrl', () => {
  it('matches exact links and normalised ones', () => {
    expect(sameUrl('https://a.org/x', 'https://a.org/x')).toBe(true);
    expect(sameUrl('https://www.A.org/x/', 'http://a.org/x')).toBe(true);
  });
  it('keeps different paths and hosts apart', () => {
    expect(sameUrl('https://a.org/x', 'https://a.org/y')).toBe(false);
    expect(sameUrl('https://a.org', 'https://b.org')).toBe(false);
  });
});

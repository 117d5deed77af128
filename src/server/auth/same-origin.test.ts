import { describe, expect, it } from 'vitest';
import { isSameOriginRequest, isStateChanging } from './same-origin.js';

const PORTAL = 'https://portal.example.edu';

describe('isSameOriginRequest', () => {
  it.each([
    [{ 'sec-fetch-site': 'same-origin' }],
    [{ origin: PORTAL }],
    [{ 'sec-fetch-site': 'same-origin', origin: PORTAL }],
  ])('accepts %j', (headers) => {
    expect(isSameOriginRequest(headers, PORTAL)).toBe(true);
  });

  it.each([
    ['no header at all', {}],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site (other subdomain) fetch', { 'sec-fetch-site': 'same-site' }],
    ['a typed URL (none)', { 'sec-fetch-site': 'none' }],
    ['another origin', { origin: 'https://evil.example' }],
    ['another port', { origin: 'https://portal.example.edu:8443' }],
    ['http instead of https', { origin: 'http://portal.example.edu' }],
    ['the opaque origin', { origin: 'null' }],
    [
      'same-origin but a foreign Origin',
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    ],
    ['a foreign fetch with our Origin', { 'sec-fetch-site': 'cross-site', origin: PORTAL }],
  ])('refuses %s', (_label, headers) => {
    expect(isSameOriginRequest(headers, PORTAL)).toBe(false);
  });
});

describe('isStateChanging', () => {
  it.each([
    ['GET', false],
    ['HEAD', false],
    ['OPTIONS', false],
    ['POST', true],
    ['PUT', true],
    ['PATCH', true],
    ['DELETE', true],
  ])('%s -> %s', (method, expected) => {
    expect(isStateChanging(method)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chooseLanguage, directionOf, matchLanguage } from './languages.js';

describe('matchLanguage', () => {
  it('reads the primary subtag of a tag the portal speaks, in any case', () => {
    expect(matchLanguage('de')).toBe('de');
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('FR_ca')).toBe('fr');
    expect(matchLanguage('ar-EG')).toBe('ar');
  });

  it('gives nothing for unknown, empty, malformed or oversized values', () => {
    for (const value of ['it', '', '-', 'english', 'x'.repeat(100), 42, null, undefined, ['de']]) {
      expect(matchLanguage(value)).toBeNull();
    }
  });
});

describe('acceptedLanguages', () => {
  it('orders by q, then by position, and drops q=0 and duplicates', () => {
    expect(acceptedLanguages('fr;q=0.5, de, es;q=0.9, en;q=0')).toEqual(['de', 'es', 'fr']);
    expect(acceptedLanguages('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['de', 'en']);
    expect(acceptedLanguages('*')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('skips malformed parts and reads a hostile header only so far', () => {
    expect(acceptedLanguages('de;q=abc, ;;;, fr;q=2, es;q=0.3')).toEqual(['es']);
    const hostile = `${'zz, '.repeat(5000)}de`;
    expect(acceptedLanguages(hostile)).toEqual([]);
  });
});

describe('chooseLanguage', () => {
  it('takes the cookie, then the claim, then Accept-Language, then the default', () => {
    const sources = { cookie: 'ar', claim: 'fr', acceptLanguage: 'de', fallback: 'es' } as const;
    expect(chooseLanguage(sources)).toBe('ar');
    expect(chooseLanguage({ ...sources, cookie: 'klingon' })).toBe('fr');
    expect(chooseLanguage({ ...sources, cookie: undefined, claim: '' })).toBe('de');
    expect(chooseLanguage({ fallback: 'es' })).toBe('es');
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
});

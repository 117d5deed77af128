import { describe, expect, it } from 'vitest';
import { dataThemeOf, parseTheme, themeCookieAttributes } from './theme.js';

describe('parseTheme', () => {
  it('keeps the two explicit themes', () => {
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
  });

  it('reads anything else as following the system', () => {
    for (const value of ['system', undefined, '', 'Dark', 'dark ', 'synthwave', 42, ['dark']]) {
      expect(parseTheme(value)).toBe('system');
    }
  });
});

describe('dataThemeOf', () => {
  it('names no theme for the system choice', () => {
    expect(dataThemeOf('system')).toBeNull();
    expect(dataThemeOf('dark')).toBe('dark');
  });
});

describe('themeCookieAttributes', () => {
  it('is site-wide, long-lived and Lax, Secure on https', () => {
    expect(themeCookieAttributes(false)).toBe('Path=/; Max-Age=31536000; SameSite=Lax');
    expect(themeCookieAttributes(true)).toContain('; Secure');
  });
});

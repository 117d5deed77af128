import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookies.js';

describe('cookieValue', () => {
  it('finds a cookie among others, by its whole name, as written', () => {
    const cookies = 'xtheme=light; theme=dark; dismissed=%E0%A4%A.abc';
    expect(cookieValue(cookies, 'theme')).toBe('dark');
    expect(cookieValue(cookies, 'dismissed')).toBe('%E0%A4%A.abc');
    expect(cookieValue(cookies, 'lang')).toBeUndefined();
    expect(cookieValue('', 'theme')).toBeUndefined();
  });
});

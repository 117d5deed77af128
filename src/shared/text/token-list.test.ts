import { describe, expect, it } from 'vitest';
import {
  categoryToken,
  collapsedCategoriesValue,
  MAX_COLLAPSED_CATEGORIES,
  parseCollapsedCategories,
} from '../density/collapsed-categories.js';
import { parseTokenList, tokenListValue, tokenOf } from './token-list.js';

describe('token lists in cookies', () => {
  it('makes a short token of the cookie alphabet from any id, the same every time', () => {
    for (const id of ['genomics', 'status:kuma/1.2', 'Données', '', 'x'.repeat(1000)]) {
      expect(tokenOf(id)).toMatch(/^[0-9a-z]{1,7}$/);
      expect(tokenOf(id)).toBe(tokenOf(id));
    }
    expect(tokenOf('Data')).not.toBe(tokenOf('data'));
  });

  it('reads only tokens from a cookie value, the latest ones, and nothing from hostile values', () => {
    expect(parseTokenList('a1.b2.c3', 2)).toEqual(['b2', 'c3']);
    expect(parseTokenList('a1..<script>.b2.%00.TOOLONGTOKEN.Ab', 10)).toEqual(['a1', 'b2']);
    for (const value of [undefined, null, 42, {}, 'x'.repeat(5000)]) {
      expect(parseTokenList(value, 10)).toEqual([]);
    }
  });

  it('writes each token once, the latest kept', () => {
    expect(tokenListValue(['a', 'b', 'a', 'c'], 2)).toBe('b.c');
    expect(parseTokenList(tokenListValue(['a', 'b'], 5), 5)).toEqual(['a', 'b']);
  });

  it('keeps the collapsed categories within their bound, round trip', () => {
    const many = Array.from({ length: MAX_COLLAPSED_CATEGORIES + 5 }, (_, i) =>
      categoryToken(`Category ${i}`),
    );
    const value = collapsedCategoriesValue(many);
    expect(value.length).toBeLessThan(4096);
    expect(parseCollapsedCategories(value)).toEqual(many.slice(-MAX_COLLAPSED_CATEGORIES));
    expect(parseCollapsedCategories('%E2%80%AE.<b>')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  dismissedNoticesValue,
  MAX_DISMISSED_NOTICES,
  parseDismissedNotices,
} from './dismissed-notices.js';

describe('the dismissed notices cookie', () => {
  it('reads back the ids it wrote, in order, once each', () => {
    const ids = [
      'kuma-maintenance-1',
      '0b7c2d1e-9f4a-4c1b-8e2d-3f4a5b6c7d8e',
      'kuma-maintenance-1',
    ];
    expect(parseDismissedNotices(dismissedNoticesValue(ids))).toEqual(ids.slice(0, 2));
  });

  it('keeps the latest dismissals only', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `n${i}`);
    const kept = parseDismissedNotices(dismissedNoticesValue(ids));
    expect(kept).toHaveLength(MAX_DISMISSED_NOTICES);
    expect(kept.at(-1)).toBe('n29');
    expect(parseDismissedNotices(ids.join('.'))).toEqual(kept);
  });

  it('leaves out whatever is not a notice id, and reads nothing from a hostile value', () => {
    expect(parseDismissedNotices('<script>.a b..ok_1.' + 'x'.repeat(65))).toEqual(['ok_1']);
    expect(parseDismissedNotices(undefined)).toEqual([]);
    expect(parseDismissedNotices(['a'])).toEqual([]);
    expect(parseDismissedNotices('a.'.repeat(5000))).toEqual([]);
  });
});

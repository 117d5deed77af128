import { describe, expect, it } from 'vitest';
import {
  dismissedNoticesValue,
  isDismissed,
  MAX_DISMISSED_NOTICES,
  noticeToken,
  parseDismissedNotices,
} from './dismissed-notices.js';

describe('the dismissed notices cookie', () => {
  it('keeps a short token of any notice id, a status page one with its colons and dots too', () => {
    const ids = ['kuma-maintenance-7-2026-11-03T08:00:00.000Z', 'portal-0b7c2d1e-3', 'n1'];
    const tokens = parseDismissedNotices(dismissedNoticesValue(ids.map(noticeToken)));
    expect(tokens).toHaveLength(3);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-z]{1,7}$/);
    for (const id of ids) expect(isDismissed(tokens, id)).toBe(true);
    expect(isDismissed(tokens, 'kuma-maintenance-7-2026-11-04T08:00:00.000Z')).toBe(false);
  });

  it('keeps the latest dismissals only, each once', () => {
    const tokens = Array.from({ length: 30 }, (_, i) => noticeToken(`n${i}`));
    const kept = parseDismissedNotices(dismissedNoticesValue([...tokens, tokens[29]!]));
    expect(kept).toHaveLength(MAX_DISMISSED_NOTICES);
    expect(kept.at(-1)).toBe(tokens[29]);
    expect(parseDismissedNotices(tokens.join('.'))).toEqual(kept);
  });

  it('leaves out whatever is not a token, and reads nothing from a hostile value', () => {
    expect(parseDismissedNotices('<script>.a b..ok1.' + 'x'.repeat(8) + '.%E0%A4%A')).toEqual([
      'ok1',
    ]);
    expect(parseDismissedNotices(undefined)).toEqual([]);
    expect(parseDismissedNotices(['a'])).toEqual([]);
    expect(parseDismissedNotices('a.'.repeat(5000))).toEqual([]);
  });
});

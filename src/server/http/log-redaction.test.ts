import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it.each([
    ['/api/apps?page=2', '/api/apps?page=2'],
    ['/auth/callback', '/auth/callback'],
    [
      '/auth/callback?code=abc.def&state=xyz&iss=https%3A%2F%2Fsso',
      '/auth/callback?code=redacted&state=redacted&iss=https%3A%2F%2Fsso',
    ],
    [
      '/auth/callback?error=login_required&state=s',
      '/auth/callback?error=login_required&state=redacted',
    ],
    ['/api/me?access_token=eyJ.x.y', '/api/me?access_token=redacted'],
    ['/api/apps?refresh_token=r&page=1', '/api/apps?refresh_token=redacted&page=1'],
    ['/calendar.ics', '/calendar.ics'],
    ['/calendar/s3cret-Value_1.ics', '/calendar/redacted.ics'],
    ['/calendar/s3cret.ics?x=1', '/calendar/redacted.ics?x=1'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

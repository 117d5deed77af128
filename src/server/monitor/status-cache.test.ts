import { describe, expect, it } from 'vitest';
import { createStatusCache } from './status-cache.js';

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('status cache', () => {
  it('matches an app link exactly, else by the normalised URL', () => {
    const cache = createStatusCache({ sources: ['kuma'], dropAfterMs: 60_000 });
    cache.recordSuccess('kuma', [
      { url: 'https://a.example.edu/', status: 1 },
      { url: 'HTTPS://WWW.B.example.edu//', status: 0 },
    ]);
    expect(cache.lookup('https://a.example.edu/')?.status).toBe(1);
    expect(cache.lookup('http://a.example.edu')?.status).toBe(1);
    expect(cache.lookup('https://b.example.edu')?.status).toBe(0);
    expect(cache.lookup('https://b.example.edu/other')).toBeUndefined();
    expect(cache.lookup('')).toBeUndefined();
  });

  it('prefers the exact match over a normalised one', () => {
    const cache = createStatusCache({ sources: ['kuma'], dropAfterMs: 60_000 });
    cache.recordSuccess('kuma', [
      { url: 'https://a.example.edu', status: 0 },
      { url: 'https://a.example.edu/', status: 3 },
    ]);
    expect(cache.lookup('https://a.example.edu/')?.status).toBe(3);
    expect(cache.lookup('https://a.example.edu')?.status).toBe(0);
  });

  it('keeps the worse status when one source reports a URL twice', () => {
    const cache = createStatusCache({ sources: ['kuma'], dropAfterMs: 60_000 });
    cache.recordSuccess('kuma', [
      { url: 'https://a.example.edu/', status: 1 },
      { url: 'https://a.example.edu/', status: 2 },
      { url: 'https://a.example.edu/', status: 3 },
      { url: 'https://b.example.edu/', status: 3 },
      { url: 'https://b.example.edu/', status: 0 },
      { url: 'https://b.example.edu/', status: 1 },
    ]);
    expect(cache.lookup('https://a.example.edu/')?.status).toBe(3);
    expect(cache.lookup('https://b.example.edu/')?.status).toBe(0);
  });

  it('ignores URLs that are empty once normalised', () => {
    const cache = createStatusCache({ sources: ['kuma'], dropAfterMs: 60_000 });
    cache.recordSuccess('kuma', [{ url: 'https://', status: 0 }]);
    expect(cache.sources()[0]?.entries).toEqual([]);
  });

  it('forgets what a source no longer reports (unknown, not down)', () => {
    const cache = createStatusCache({ sources: ['kuma'], dropAfterMs: 60_000 });
    cache.recordSuccess('kuma', [{ url: 'https://a.example.edu/', status: 1 }]);
    cache.recordSuccess('kuma', []);
    expect(cache.lookup('https://a.example.edu/')).toBeUndefined();
  });

  it('keeps the last good values of a failing source, stale, then drops them', () => {
    const time = clock();
    const cache = createStatusCache({ sources: ['kuma'], dropAfterMs: 60_000, now: time.now });
    cache.recordSuccess('kuma', [{ url: 'https://a.example.edu/', status: 2 }]);
    const seenAt = time.now();
    time.advance(30_000);
    cache.recordFailure('kuma', 'ECONNREFUSED');
    expect(cache.lookup('https://a.example.edu/')).toEqual({
      url: 'https://a.example.edu/',
      status: 2,
      seenAt,
      stale: true,
      source: 'kuma',
    });
    expect(cache.sources()[0]).toMatchObject({ stale: true, lastError: 'ECONNREFUSED' });
    time.advance(30_000);
    cache.recordFailure('kuma', 'ECONNREFUSED');
    expect(cache.lookup('https://a.example.edu/')?.stale).toBe(true);
    time.advance(1);
    cache.recordFailure('kuma', 'ECONNREFUSED');
    expect(cache.lookup('https://a.example.edu/')).toBeUndefined();
  });

  it('refreshes on recovery', () => {
    const cache = createStatusCache({ sources: ['kuma'], dropAfterMs: 60_000 });
    cache.recordSuccess('kuma', [{ url: 'https://a.example.edu/', status: 2 }]);
    cache.recordFailure('kuma', 'HTTP 502');
    cache.recordSuccess('kuma', [{ url: 'https://a.example.edu/', status: 1 }]);
    expect(cache.lookup('https://a.example.edu/')).toMatchObject({ status: 1, stale: false });
  });

  it('answers from the first source that knows the URL, a fresh value before a stale one', () => {
    const cache = createStatusCache({ sources: ['kuma', 'probe'], dropAfterMs: 60_000 });
    cache.recordSuccess('kuma', [{ url: 'https://a.example.edu/', status: 3 }]);
    cache.recordSuccess('probe', [
      { url: 'https://a.example.edu', status: 0 },
      { url: 'https://b.example.edu', status: 1 },
    ]);
    expect(cache.lookup('https://a.example.edu')).toMatchObject({ status: 3, source: 'kuma' });
    expect(cache.lookup('https://b.example.edu')).toMatchObject({ status: 1, source: 'probe' });
    cache.recordFailure('kuma', 'timeout');
    expect(cache.lookup('https://a.example.edu')).toMatchObject({ status: 0, source: 'probe' });
    cache.recordFailure('probe', 'timeout');
    expect(cache.lookup('https://a.example.edu')).toMatchObject({
      status: 3,
      source: 'kuma',
      stale: true,
    });
  });

  it('changes its version whenever an answer may change', () => {
    const time = clock();
    const cache = createStatusCache({ sources: ['kuma'], dropAfterMs: 1000, now: time.now });
    const versions = [cache.version];
    cache.recordSuccess('kuma', [{ url: 'https://a.example.edu/', status: 1 }]);
    versions.push(cache.version);
    cache.recordFailure('kuma', 'x');
    versions.push(cache.version);
    cache.recordFailure('kuma', 'x');
    expect(cache.version).toBe(versions.at(-1));
    time.advance(2000);
    cache.recordFailure('kuma', 'x');
    versions.push(cache.version);
    expect(new Set(versions).size).toBe(4);
  });
});

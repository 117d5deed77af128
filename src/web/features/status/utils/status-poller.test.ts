import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatusItem } from '../../../../shared/api/schemas.js';
import {
  backoffDelay,
  createStatusPoller,
  STATUS_POLLING,
  type Visibility,
} from './status-poller.js';

/** A fake page visibility the test can flip. */
function fakeVisibility() {
  let hidden = false;
  const listeners = new Set<() => void>();
  const visibility: Visibility = {
    isHidden: () => hidden,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (value: boolean) => {
    hidden = value;
    for (const listener of listeners) listener();
  };
  return { visibility, hide: () => set(true), show: () => set(false) };
}

function setup(options: { ready?: boolean; fail?: boolean } = {}) {
  const state = { ready: options.ready ?? true, fail: options.fail ?? false };
  const calls: number[] = [];
  const results: StatusItem[][] = [];
  const errors: unknown[] = [];
  const page = fakeVisibility();
  const started = Date.now();
  const poller = createStatusPoller({
    fetchStatus: async () => {
      calls.push(Date.now() - started);
      if (state.fail) throw new Error('monitor down');
      return [
        {
          id: 'a',
          url: 'https://a.example.edu/',
          status: 1,
          checkedAt: new Date(0).toISOString(),
          stale: false,
        },
      ];
    },
    isReady: () => state.ready,
    onStatus: (items) => results.push(items),
    onError: (error) => errors.push(error),
    visibility: page.visibility,
  });
  return { state, calls, results, errors, poller, page };
}

describe('status poller', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec timings', () => {
    expect(STATUS_POLLING).toEqual({
      intervalMs: 30_000,
      notReadyRetryMs: 1_000,
      firstBackoffMs: 2_000,
      maxBackoffMs: 30_000,
    });
  });

  it('fetches at once, then after 30 s, then every 30 s', async () => {
    const { calls, results, poller } = setup();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 30_000]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([0, 30_000, 60_000, 90_000]);
    expect(results).toHaveLength(4);
    poller.stop();
  });

  it('retries every 1 s until the apps are loaded', async () => {
    const { state, calls, poller } = setup({ ready: false });
    poller.start();
    await vi.advanceTimersByTimeAsync(3_500);
    expect(calls).toEqual([]);
    state.ready = true;
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toEqual([4_000]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual([4_000, 34_000]);
    poller.stop();
  });

  it('backs off after failures, doubling up to 30 s, and only logs them', async () => {
    const { state, calls, errors, results, poller } = setup({ fail: true });
    poller.start();
    await vi.advanceTimersByTimeAsync(100_000);
    // Attempts at 0, then +2, +4, +8, +16, +30, +30, ... seconds.
    expect(calls).toEqual([0, 2_000, 6_000, 14_000, 30_000, 60_000, 90_000]);
    expect(errors).toHaveLength(7);
    expect(results).toEqual([]);

    // A success resets the back-off: the next fetch is 30 s later as usual.
    state.fail = false;
    await vi.advanceTimersByTimeAsync(20_000); // the attempt at 120 s succeeds
    state.fail = true;
    await vi.advanceTimersByTimeAsync(30_000); // 150 s fails
    await vi.advanceTimersByTimeAsync(2_000); // retried 2 s later
    expect(calls.slice(7)).toEqual([120_000, 150_000, 152_000]);
    poller.stop();
  });

  it('computes the back-off delays', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(backoffDelay)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('pauses while the tab is hidden and fetches at once when it is visible again', async () => {
    const { calls, poller, page } = setup();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    page.hide();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toEqual([0]);
    page.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0, 120_000]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toEqual([0, 120_000, 150_000]);
    poller.stop();
  });

  it('does nothing after stop', async () => {
    const { calls, poller, page } = setup();
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.stop();
    page.hide();
    page.show();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toEqual([0]);
  });
});

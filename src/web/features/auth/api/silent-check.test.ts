import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSilently, SILENT_MESSAGE_TYPE, type SilentCheckResult } from './silent-check.js';

const frame = () => document.querySelector<HTMLIFrameElement>('iframe[title="Sign-in check"]');

/** A message as the browser delivers it to the portal window. */
function post(data: unknown, from: { origin?: string; source?: Window | null } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: from.origin ?? window.location.origin,
      source: from.source === undefined ? (frame()?.contentWindow ?? null) : from.source,
    }),
  );
}

/** Settles the promise without awaiting it, so a test can see it is still pending. */
function track(promise: Promise<SilentCheckResult>) {
  const state: { result?: SilentCheckResult } = {};
  void promise.then((result) => (state.result = result));
  return state;
}

describe('checkSilently', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('opens /auth/silent in a hidden, unfocusable frame', () => {
    void checkSilently();
    const iframe = frame();
    expect(iframe).not.toBeNull();
    expect(iframe?.getAttribute('src')).toBe('/auth/silent');
    expect(iframe?.hidden).toBe(true);
    expect(iframe).toHaveAttribute('aria-hidden', 'true');
    expect(iframe).toHaveAttribute('tabindex', '-1');
  });

  it.each(['signed-in', 'anonymous', 'unavailable', 'error'] as const)(
    'resolves with %j from its frame, then removes the frame',
    async (result) => {
      const check = checkSilently();
      post({ type: SILENT_MESSAGE_TYPE, result });
      await expect(check).resolves.toBe(result);
      expect(frame()).toBeNull();
    },
  );

  it('ignores messages from another origin, another window or of another shape', async () => {
    const state = track(checkSilently());
    const good = { type: SILENT_MESSAGE_TYPE, result: 'signed-in' };
    post(good, { origin: 'https://evil.example' });
    post(good, { origin: 'null' });
    post(good, { source: window });
    post(good, { source: null });
    post({ type: 'something-else', result: 'signed-in' });
    post({ type: SILENT_MESSAGE_TYPE, result: 'admin' });
    post(JSON.stringify(good));
    post(null);
    await vi.advanceTimersByTimeAsync(100);
    expect(state.result).toBeUndefined();
    expect(frame()).not.toBeNull();

    post({ type: SILENT_MESSAGE_TYPE, result: 'anonymous' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toBe('anonymous');
  });

  it('gives up after 5 s without an answer, removing the frame and its listener', async () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const state = track(checkSilently());
    await vi.advanceTimersByTimeAsync(4999);
    expect(state.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(state.result).toBe('timeout');
    expect(frame()).toBeNull();
    expect(removed).toHaveBeenCalledWith('message', expect.any(Function));
    removed.mockRestore();
  });

  it('takes only the first answer', async () => {
    const check = checkSilently({ timeoutMs: 1000 });
    const source = frame()?.contentWindow ?? null;
    post({ type: SILENT_MESSAGE_TYPE, result: 'anonymous' });
    post({ type: SILENT_MESSAGE_TYPE, result: 'signed-in' }, { source });
    await expect(check).resolves.toBe('anonymous');
  });
});

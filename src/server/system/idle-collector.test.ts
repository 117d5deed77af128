import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdleCollector, idleCollectorForProcess } from './idle-collector.js';

const MB = 1024 * 1024;

/** A heap the test fills, and a collection that empties it down to what is live. */
function heap() {
  const state = { used: 40 * MB, live: 40 * MB, collections: 0, reports: [] as unknown[] };
  const collector = createIdleCollector({
    onCollect: (report) => state.reports.push(report),
    collect: () => {
      state.collections += 1;
      state.used = state.live;
    },
    heapUsed: () => state.used,
    everyMs: 60_000,
    growthBytes: 32 * MB,
  });
  return { state, collector };
}

describe('the idle collector', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('collects once the server is quiet after the heap grew, and not again', () => {
    const { state, collector } = heap();
    stop = collector.stop;
    // A busy while: requests in every period, the heap growing.
    for (let period = 0; period < 3; period += 1) {
      collector.noteRequest();
      state.used += 40 * MB;
      expect(collector.check()).toBe(false);
    }
    // The first period without a request.
    expect(collector.check()).toBe(true);
    expect(state.collections).toBe(1);
    expect(state.used).toBe(40 * MB);
    expect(state.reports).toEqual([
      { beforeBytes: 160 * MB, afterBytes: 40 * MB, ms: expect.any(Number) as number },
    ]);
    // Quiet, nothing grew: nothing to give back.
    expect(collector.check()).toBe(false);
    expect(state.collections).toBe(1);
  });

  it('leaves a quiet server alone while its heap grew less than the threshold', () => {
    const { state, collector } = heap();
    stop = collector.stop;
    collector.noteRequest();
    state.used += 20 * MB;
    expect(collector.check()).toBe(false);
    expect(collector.check()).toBe(false);
    expect(state.collections).toBe(0);
  });

  it('counts from the lowest heap it saw: a collection V8 made itself lowers the mark', () => {
    const { state, collector } = heap();
    stop = collector.stop;
    state.used = 30 * MB;
    collector.noteRequest();
    expect(collector.check()).toBe(false);
    state.used = 63 * MB;
    expect(collector.check()).toBe(true);
  });

  it('is there only when Node exposes its collector (--expose-gc)', () => {
    vi.stubGlobal('gc', undefined);
    expect(idleCollectorForProcess()).toBeNull();
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    const collector = idleCollectorForProcess();
    stop = () => collector?.stop();
    expect(collector).not.toBeNull();
    vi.unstubAllGlobals();
  });
});

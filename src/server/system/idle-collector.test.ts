import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compacting, createIdleCollector, idleCollectorForProcess } from './idle-collector.js';

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

describe('a compacting collection', () => {
  /** A heap of `count` small objects of which one in twenty stays live: pages mostly empty. */
  function fragmentedHeap(count: number): unknown[] {
    let all: unknown[] | null = [];
    for (let index = 0; index < count; index += 1) {
      all.push({ index, text: `item ${index}`, list: [index, index + 1] });
    }
    const kept = all.filter((_, index) => index % 20 === 0);
    all = null;
    return kept;
  }

  it('gives back the pages a plain full collection keeps', () => {
    // Node's own collector, as --expose-gc gives it to the server.
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // A busy while, then a plain full collection: the garbage goes, its pages stay.
    let kept = fragmentedHeap(400_000);
    gc();
    const plain = process.memoryUsage().heapTotal;
    // The same busy while again, then a compacting one: what is live moves, the pages go.
    kept = fragmentedHeap(400_000);
    compacting(gc)();
    const compacted = process.memoryUsage().heapTotal;
    expect(plain - compacted).toBeGreaterThan(20 * MB);
    expect(kept).toHaveLength(20_000);
  });

  it('clears the flag after the collection, also when it throws', () => {
    const flags: string[] = [];
    const setFlags = vi.spyOn(v8, 'setFlagsFromString').mockImplementation((flag) => {
      flags.push(flag);
    });
    const collect = vi.fn(() => {
      flags.push('collect');
      throw new Error('no collector');
    });
    expect(() => compacting(collect)()).toThrow('no collector');
    expect(flags).toEqual([
      '--compact-on-every-full-gc',
      'collect',
      '--no-compact-on-every-full-gc',
    ]);
    setFlags.mockRestore();
  });
});

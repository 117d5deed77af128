import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compacting, createIdleCollector, idleCollectorForProcess } from './idle-collector.js';

const MB = 1024 * 1024;
const execFileAsync = promisify(execFile);

/** A heap the test fills, and a collection that gives back all but what is live. */
function heap() {
  const state = { committed: 40 * MB, live: 40 * MB, collections: 0, reports: [] as unknown[] };
  const collector = createIdleCollector({
    onCollect: (report) => state.reports.push(report),
    collect: () => {
      state.collections += 1;
      state.committed = state.live;
    },
    heapCommitted: () => state.committed,
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
    // A busy while: requests in every period, the heap V8 holds growing. (V8's own collections
    // meanwhile free garbage but keep its pages: the committed heap stays up.)
    for (let period = 0; period < 3; period += 1) {
      collector.noteRequest();
      state.committed += 40 * MB;
      expect(collector.check()).toBe(false);
    }
    // The first period without a request.
    expect(collector.check()).toBe(true);
    expect(state.collections).toBe(1);
    expect(state.committed).toBe(40 * MB);
    expect(state.reports).toEqual([
      { beforeBytes: 160 * MB, afterBytes: 40 * MB, ms: expect.any(Number) as number },
    ]);
    // Quiet, nothing grew: nothing to give back.
    expect(collector.check()).toBe(false);
    expect(state.collections).toBe(1);
  });

  it('a server asked only by probes and metrics scrapes is quiet; any other request is not', () => {
    const { state, collector } = heap();
    stop = collector.stop;
    collector.noteRequest('/');
    state.committed += 40 * MB;
    expect(collector.check()).toBe(false);
    // Kubernetes' probes (every 5 and 10 s) and Prometheus, within one period.
    collector.noteRequest('/api/health/ready');
    collector.noteRequest('/api/health/live');
    collector.noteRequest('/api/health?verbose=1');
    collector.noteRequest('/metrics');
    expect(collector.check()).toBe(true);
    expect(state.collections).toBe(1);
    state.committed += 40 * MB;
    collector.noteRequest('/api/healthy-looking-app');
    expect(collector.check()).toBe(false);
    collector.noteRequest('/api/apps?q=health');
    expect(collector.check()).toBe(false);
    expect(state.collections).toBe(1);
  });

  it('leaves a quiet server alone while its heap grew less than the threshold', () => {
    const { state, collector } = heap();
    stop = collector.stop;
    collector.noteRequest();
    state.committed += 20 * MB;
    expect(collector.check()).toBe(false);
    expect(collector.check()).toBe(false);
    expect(state.collections).toBe(0);
  });

  it('counts from the lowest heap it saw: pages V8 gave back itself lower the mark', () => {
    const { state, collector } = heap();
    stop = collector.stop;
    state.committed = 30 * MB;
    collector.noteRequest();
    expect(collector.check()).toBe(false);
    state.committed = 63 * MB;
    expect(collector.check()).toBe(true);
  });

  it('does not collect again what a collection could not give back', () => {
    const { state, collector } = heap();
    stop = collector.stop;
    // Live data grew with the heap: the collection keeps it all.
    state.committed = 100 * MB;
    state.live = 100 * MB;
    expect(collector.check()).toBe(true);
    expect(collector.check()).toBe(false);
    expect(collector.check()).toBe(false);
    expect(state.collections).toBe(1);
    // It grows again by the threshold: once more.
    state.committed = 132 * MB;
    state.live = 40 * MB;
    expect(collector.check()).toBe(true);
    expect(state.committed).toBe(40 * MB);
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
  it('gives back the pages a plain full collection keeps', async () => {
    // In a process of its own (test-support/compaction-probe.ts): a fresh heap, not the test
    // runner's.
    const { stdout } = await execFileAsync(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('test-support/compaction-probe.ts', import.meta.url)),
      ],
      { timeout: 60_000 },
    );
    const { plain, compacted, kept } = JSON.parse(stdout) as Record<string, number>;
    expect((plain ?? 0) - (compacted ?? 0)).toBeGreaterThan(20 * MB);
    expect(kept).toBe(20_000);
  }, 90_000);

  it('clears the flag after the collection, also when it throws', () => {
    const flags: string[] = [];
    const setFlags = vi.spyOn(v8, 'setFlagsFromString').mockImplementation((flag) => {
      flags.push(flag);
    });
    const collect = vi.fn(() => {
      flags.push('collect');
      throw new Error('no collector');
    });
    try {
      expect(() => compacting(collect)()).toThrow('no collector');
    } finally {
      setFlags.mockRestore();
    }
    expect(flags).toEqual([
      '--compact-on-every-full-gc',
      'collect',
      '--no-compact-on-every-full-gc',
    ]);
  });
});

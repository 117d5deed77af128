import v8 from 'node:v8';
import { isOperationsPath, pathOf } from '../http/rate-limits.js';

/**
 * Gives the memory of a busy while back once the server is quiet (decision 0046).
 *
 * After a burst of pages (fifty signed-in first views make about 100 MB of garbage at 500 apps),
 * V8 holds that memory: the garbage until its next full collection, and the pages the garbage
 * was on until its memory reducer runs. When no request comes, nothing allocates and neither
 * comes: in `bench:api` the reducer ran anywhere from 10 s to never within 60 s. So every
 * `everyMs` this looks whether a request came since it last looked; if none did and the heap V8
 * holds (its committed pages, `heapTotal`) has grown by `growthBytes` since the last collection,
 * it runs one full collection that also compacts (`compacting`), so the pages go back to the
 * system. That holds the event loop once, for some tens of milliseconds, at a moment without
 * requests. The committed heap, not the heap in use, says when: a collection V8 made by itself
 * during the load frees the garbage but keeps its pages, and then only the committed heap shows
 * what is left to give back.
 */
export interface IdleCollectorOptions {
  /** A full collection: Node's `gc` (the server runs with --expose-gc, server-flags.mjs). */
  collect: () => void;
  /** The heap V8 holds now (committed pages, `heapTotal`), in bytes. */
  heapCommitted: () => number;
  /** How often to look, in ms; also how long the server must be without a request. */
  everyMs?: number;
  /** How much the committed heap must have grown since the last collection (or its lowest). */
  growthBytes?: number;
  /** Told after each collection: the committed heap before and after, and how long it took. */
  onCollect?: (report: { beforeBytes: number; afterBytes: number; ms: number }) => void;
}

export const IDLE_COLLECT_EVERY_MS = 5_000;
export const IDLE_COLLECT_GROWTH_BYTES = 32 * 1024 * 1024;

export interface IdleCollector {
  /**
   * Counts a request (its URL): the server is not idle until a whole period passes without one.
   * Health probes and metrics scrapes (`isOperationsPath`) do not count: an orchestrator asks
   * every few seconds (Kubernetes' readiness probe every 5 s, deploy/kubernetes), and counting
   * them kept a deployed server from ever being quiet.
   */
  noteRequest(url?: string): void;
  /** Looks once (the timer's work; tests call it directly). True when it collected. */
  check(): boolean;
  stop(): void;
}

export function createIdleCollector(options: IdleCollectorOptions): IdleCollector {
  const growth = options.growthBytes ?? IDLE_COLLECT_GROWTH_BYTES;
  let requests = 0;
  // The committed heap after the last collection, or the lowest seen since.
  let mark = options.heapCommitted();
  const check = () => {
    const quiet = requests === 0;
    requests = 0;
    const committed = options.heapCommitted();
    // V8 giving pages back by itself lowers the mark too.
    mark = Math.min(mark, committed);
    if (!quiet || committed - mark < growth) return false;
    const started = performance.now();
    options.collect();
    // What the collection could not give back is not asked for again until the heap grows anew.
    mark = options.heapCommitted();
    options.onCollect?.({
      beforeBytes: committed,
      afterBytes: mark,
      ms: performance.now() - started,
    });
    return true;
  };
  const timer = setInterval(check, options.everyMs ?? IDLE_COLLECT_EVERY_MS);
  timer.unref();
  return {
    noteRequest: (url) => {
      if (url !== undefined && isOperationsPath(pathOf(url))) return;
      requests += 1;
    },
    check,
    stop: () => clearInterval(timer),
  };
}

/**
 * `collect` made a compacting collection: V8 moves what is live out of half-empty pages and gives
 * those pages back to the system. A plain full collection frees the garbage but keeps the pages,
 * about 60 MB after `bench:api`'s loads, until V8's memory reducer comes, which it may not do
 * (decision 0046). V8 reads the flag when a full collection starts and chooses the pages to
 * empty, on the thread that collects; it is set for this one collection and cleared even if that
 * throws.
 */
export function compacting(collect: () => void): () => void {
  return () => {
    v8.setFlagsFromString('--compact-on-every-full-gc');
    try {
      collect();
    } finally {
      v8.setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
}

/**
 * The collector for this process, or null when Node was started without --expose-gc (then V8
 * alone decides, as before).
 */
export function idleCollectorForProcess(
  onCollect?: IdleCollectorOptions['onCollect'],
): IdleCollector | null {
  const collect = globalThis.gc;
  if (typeof collect !== 'function') return null;
  return createIdleCollector({
    collect: compacting(() => void collect()),
    heapCommitted: () => process.memoryUsage().heapTotal,
    onCollect,
  });
}

import v8 from 'node:v8';

/**
 * Gives the garbage of a busy while back once the server is quiet (decision 0046).
 *
 * After a burst of pages (fifty signed-in first views make about 100 MB of garbage at 500 apps),
 * V8 keeps that garbage until its next full collection. When no request comes, nothing allocates
 * and none comes: V8's memory reducer is meant to run one, but it waits for an allocation rate
 * measured while the burst lasted and ran anywhere from 10 s to never within 60 s in
 * `bench:api`. So every `everyMs` this looks whether a request came since it last looked; if
 * none did and the heap has grown by `growthBytes` since the last full collection, it runs one.
 * That holds the event loop once, for some tens of milliseconds, at a moment without requests.
 * The collection also compacts (`compacting`), so that the pages it empties go back to the system.
 */
export interface IdleCollectorOptions {
  /** A full collection: Node's `gc` (the server runs with --expose-gc, server-flags.mjs). */
  collect: () => void;
  /** The heap in use now, in bytes. */
  heapUsed: () => number;
  /** How often to look, in ms; also how long the server must be without a request. */
  everyMs?: number;
  /** How much the heap must have grown since the last full collection. */
  growthBytes?: number;
  /** Told after each collection: the heap before and after, and how long it took. */
  onCollect?: (report: { beforeBytes: number; afterBytes: number; ms: number }) => void;
}

export const IDLE_COLLECT_EVERY_MS = 5_000;
export const IDLE_COLLECT_GROWTH_BYTES = 32 * 1024 * 1024;

export interface IdleCollector {
  /** Counts a request: the server is not idle until a whole period passes without one. */
  noteRequest(): void;
  /** Looks once (the timer's work; tests call it directly). True when it collected. */
  check(): boolean;
  stop(): void;
}

export function createIdleCollector(options: IdleCollectorOptions): IdleCollector {
  const growth = options.growthBytes ?? IDLE_COLLECT_GROWTH_BYTES;
  let requests = 0;
  let afterLastCollection = options.heapUsed();
  const check = () => {
    const quiet = requests === 0;
    requests = 0;
    const used = options.heapUsed();
    // A collection V8 made by itself lowers the mark too.
    afterLastCollection = Math.min(afterLastCollection, used);
    if (!quiet || used - afterLastCollection < growth) return false;
    const started = performance.now();
    options.collect();
    afterLastCollection = options.heapUsed();
    options.onCollect?.({
      beforeBytes: used,
      afterBytes: afterLastCollection,
      ms: performance.now() - started,
    });
    return true;
  };
  const timer = setInterval(check, options.everyMs ?? IDLE_COLLECT_EVERY_MS);
  timer.unref();
  return {
    noteRequest: () => {
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
    heapUsed: () => process.memoryUsage().heapUsed,
    onCollect,
  });
}

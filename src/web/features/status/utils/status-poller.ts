import type { StatusItem } from '../../../../shared/api/schemas.js';

/** Polling timings (docs/web.md, "Status polling"). */
export const STATUS_POLLING = {
  /** After a successful fetch, the next one comes this much later. */
  intervalMs: 30_000,
  /** While the apps are not loaded yet, check again this often. */
  notReadyRetryMs: 1_000,
  /** The first retry after a failure; each further failure doubles it... */
  firstBackoffMs: 2_000,
  /** ...up to this cap. */
  maxBackoffMs: 30_000,
} as const;

/** The page's visibility, so polling pauses while the tab is hidden. */
export interface Visibility {
  isHidden(): boolean;
  /** Calls `listener` whenever the visibility changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface StatusPollerDeps {
  fetchStatus(): Promise<StatusItem[]>;
  /** True once the apps are loaded (the first fetch waits for them). */
  isReady(): boolean;
  onStatus(items: StatusItem[]): void;
  /** Failures are only logged. */
  onError(error: unknown): void;
  visibility?: Visibility;
}

export interface StatusPoller {
  start(): void;
  stop(): void;
}

/** Delay before the next attempt after `failures` failures in a row (1 or more). */
export function backoffDelay(failures: number): number {
  const delay = STATUS_POLLING.firstBackoffMs * 2 ** Math.max(0, failures - 1);
  return Math.min(delay, STATUS_POLLING.maxBackoffMs);
}

export function documentVisibility(doc: Document): Visibility {
  return {
    isHidden: () => doc.visibilityState === 'hidden',
    subscribe(listener) {
      doc.addEventListener('visibilitychange', listener);
      return () => doc.removeEventListener('visibilitychange', listener);
    },
  };
}

/**
 * Polls the monitor status: the first fetch as soon as the apps are loaded (checking every 1 s
 * until they are), then every 30 s. After a failure the next attempt backs off: 2 s, doubling
 * with each failure in a row, capped at 30 s. While the tab is hidden nothing is fetched; when
 * it becomes visible again a fetch happens at once.
 */
export function createStatusPoller(deps: StatusPollerDeps): StatusPoller {
  let running = false;
  let inFlight = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: (() => void) | undefined;

  const hidden = () => deps.visibility?.isHidden() ?? false;

  function clear() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function schedule(delayMs: number) {
    clear();
    if (running) timer = setTimeout(() => void tick(), delayMs);
  }

  async function tick() {
    timer = undefined;
    if (!running || inFlight || hidden()) return;
    if (!deps.isReady()) {
      schedule(STATUS_POLLING.notReadyRetryMs);
      return;
    }
    inFlight = true;
    try {
      const items = await deps.fetchStatus();
      if (!running) return;
      failures = 0;
      deps.onStatus(items);
      schedule(STATUS_POLLING.intervalMs);
    } catch (error) {
      if (!running) return;
      failures += 1;
      deps.onError(error);
      schedule(backoffDelay(failures));
    } finally {
      inFlight = false;
    }
  }

  function onVisibilityChange() {
    if (!running) return;
    if (hidden()) {
      clear();
    } else if (!inFlight) {
      clear();
      void tick();
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      unsubscribe = deps.visibility?.subscribe(onVisibilityChange);
      void tick();
    },
    stop() {
      running = false;
      clear();
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}

import { normalizeUrl } from '../../shared/catalog/url.js';
import {
  STATUS_DOWN,
  STATUS_MAINTENANCE,
  STATUS_PENDING,
} from '../../shared/status/status-codes.js';
import type { SourceStatus } from './sources/source.js';

/** The last good value of one URL from one source. */
export interface CachedStatus {
  /** The URL as the source reported it. */
  url: string;
  status: number;
  /** When the source last reported it (ms since the epoch). */
  seenAt: number;
  /** True while its source is failing: the value is the last good one, kept until dropped. */
  stale: boolean;
  source: string;
  /** The response time the source measured, if it does (the probes). */
  responseMs?: number;
}

/** What the endpoint reads: a version that changes whenever a lookup's answer may change. */
export interface StatusResults {
  readonly version: number;
  /** The status for an app link: exact URL first, else the normalised one; see docs/monitor.md. */
  lookup(link: string): CachedStatus | undefined;
}

export interface SourceState {
  source: string;
  stale: boolean;
  lastError: string | undefined;
  entries: CachedStatus[];
}

interface Entry {
  url: string;
  status: number;
  seenAt: number;
  responseMs?: number;
}

interface State {
  exact: Map<string, Entry>;
  normalized: Map<string, Entry>;
  stale: boolean;
  lastError: string | undefined;
}

/** Higher is worse. When one source reports a URL twice, the worse status wins. */
function severity(status: number): number {
  if (status === STATUS_DOWN) return 3;
  if (status === STATUS_MAINTENANCE) return 2;
  if (status === STATUS_PENDING) return 1;
  return 0;
}

function keepWorse(map: Map<string, Entry>, key: string, entry: Entry): void {
  const existing = map.get(key);
  if (!existing || severity(entry.status) > severity(existing.status)) map.set(key, entry);
}

/** An empty, never-changing result set: the endpoint's answer when no monitor runs. */
export const NO_RESULTS: StatusResults = { version: 0, lookup: () => undefined };

/**
 * Statuses kept in memory, per source, in priority order (the first source that knows a URL
 * answers for it; a fresh value beats a stale one from a source ranked higher). A successful read
 * replaces everything the source said before: a monitor that disappeared is unknown, not down. A
 * failed read keeps the last good values, marked stale, until they are older than `dropAfterMs`.
 */
export function createStatusCache(options: {
  sources: readonly string[];
  dropAfterMs: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const states = new Map<string, State>();
  const order: string[] = [];
  let version = 0;

  function stateOf(source: string): State {
    let state = states.get(source);
    if (!state) {
      state = { exact: new Map(), normalized: new Map(), stale: false, lastError: undefined };
      states.set(source, state);
      order.push(source);
    }
    return state;
  }
  for (const source of options.sources) stateOf(source);

  function dropOld(state: State): boolean {
    const limit = now() - options.dropAfterMs;
    let dropped = false;
    for (const map of [state.exact, state.normalized]) {
      for (const [key, entry] of map) {
        if (entry.seenAt < limit) {
          map.delete(key);
          dropped = true;
        }
      }
    }
    return dropped;
  }

  return {
    get version() {
      return version;
    },

    recordSuccess(source: string, statuses: readonly SourceStatus[]): void {
      const state = stateOf(source);
      const seenAt = now();
      state.exact = new Map();
      state.normalized = new Map();
      for (const { url, status, responseMs } of statuses) {
        const normalized = normalizeUrl(url);
        if (normalized === '') continue;
        const entry: Entry = { url, status, seenAt };
        if (responseMs !== undefined) entry.responseMs = responseMs;
        keepWorse(state.exact, url, entry);
        keepWorse(state.normalized, normalized, entry);
      }
      state.stale = false;
      state.lastError = undefined;
      version += 1;
    },

    recordFailure(source: string, reason: string): void {
      const state = stateOf(source);
      const dropped = dropOld(state);
      if (!state.stale || dropped) version += 1;
      state.stale = true;
      state.lastError = reason;
    },

    lookup(link: string): CachedStatus | undefined {
      if (link === '') return undefined;
      let normalized: string | undefined;
      let staleMatch: CachedStatus | undefined;
      for (const source of order) {
        const state = states.get(source) as State;
        let entry = state.exact.get(link);
        if (!entry) {
          normalized ??= normalizeUrl(link);
          if (normalized === '') return undefined;
          entry = state.normalized.get(normalized);
        }
        if (!entry) continue;
        const found = { ...entry, stale: state.stale, source };
        if (!state.stale) return found;
        staleMatch ??= found;
      }
      return staleMatch;
    },

    /** Every source's state, for logs and tests. */
    sources(): SourceState[] {
      return order.map((source) => {
        const state = states.get(source) as State;
        return {
          source,
          stale: state.stale,
          lastError: state.lastError,
          entries: [...state.exact.values()].map((entry) => ({
            ...entry,
            stale: state.stale,
            source,
          })),
        };
      });
    },
  };
}

export type StatusCache = ReturnType<typeof createStatusCache>;

import {
  FLAPPING_WINDOW_MS,
  historyState,
  type HistoryState,
} from '../../../shared/status/history.js';
import type { StatusResults } from '../status-cache.js';
import type { NewState, StatusHistoryRepository } from './status-history.repository.js';

const DAY_MS = 24 * 3_600_000;
const DEFAULT_PRUNE_EVERY_MS = 3_600_000;

/** An app's current state as the history knows it. */
export interface CurrentState {
  state: HistoryState;
  /** When this state began (epoch ms). */
  since: number;
  source: string;
}

/** What readers of the history need: the current states, and a version that moves with them. */
export interface StatusHistoryView {
  readonly version: number;
  current(appId: string): CurrentState | undefined;
  /** State changes of the app that began within the last hour. */
  changesLastHour(appId: string): number;
}

export interface StatusRecorder extends StatusHistoryView {
  /** Compares each app's status now with its recorded state; writes only the changes. */
  record(results: StatusResults): Promise<{ changed: number; pruned: number }>;
}

/**
 * Turns each monitor cycle's results into state changes per app (decision 0013). The current
 * states live in memory (loaded from the open rows once), so a cycle where nothing changed costs
 * no write at all; a cycle with changes costs one transaction. Once per `pruneEveryMs` it drops
 * the rows that ended more than `retentionDays` ago.
 */
export function createStatusRecorder(deps: {
  repository: Pick<StatusHistoryRepository, 'openStates' | 'applyChanges' | 'prune'>;
  /** Every app of the catalog, whoever may see it. */
  apps: { findAll(): Promise<readonly { id: string; link: string }[]> };
  retentionDays: number;
  now?: () => number;
  pruneEveryMs?: number;
}): StatusRecorder {
  const now = deps.now ?? Date.now;
  const pruneEveryMs = deps.pruneEveryMs ?? DEFAULT_PRUNE_EVERY_MS;
  const current = new Map<string, CurrentState>();
  /** Start times of recent changes per app, for flapping; trimmed to the last hour. */
  const recent = new Map<string, number[]>();
  let loaded: Promise<void> | undefined;
  let lastPrune = Number.NEGATIVE_INFINITY;
  let version = 0;

  function load(): Promise<void> {
    loaded ??= deps.repository.openStates().then(
      (rows) => {
        for (const row of rows) {
          current.set(row.appId, { state: row.state, since: row.since, source: row.source });
        }
      },
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    );
    return loaded;
  }

  function recentOf(appId: string, at: number): number[] {
    const list = (recent.get(appId) ?? []).filter((time) => time > at - FLAPPING_WINDOW_MS);
    if (list.length === 0) recent.delete(appId);
    else recent.set(appId, list);
    return list;
  }

  return {
    get version() {
      return version;
    },

    current: (appId) => current.get(appId),

    changesLastHour: (appId) => recentOf(appId, now()).length,

    async record(results) {
      await load();
      const at = now();
      const apps = await deps.apps.findAll();
      const started: NewState[] = [];
      const seen = new Set<string>();
      for (const app of apps) {
        seen.add(app.id);
        const link = app.link.trim();
        const found = link === '' ? undefined : results.lookup(link);
        const state = historyState(found?.status);
        const previous = current.get(app.id);
        // Nothing to say about an app no source has ever known.
        if (previous ? previous.state === state : state === 'unknown') continue;
        started.push({
          appId: app.id,
          state,
          source: found?.source ?? '',
          responseMs: found?.responseMs ?? null,
        });
      }
      // Apps removed from the catalog: their last state ends now.
      const ended = [...current.keys()].filter((appId) => !seen.has(appId));
      if (started.length > 0 || ended.length > 0) {
        await deps.repository.applyChanges(at, started, ended);
        for (const appId of ended) {
          current.delete(appId);
          recent.delete(appId);
        }
        for (const change of started) {
          const hadState = current.has(change.appId);
          current.set(change.appId, { state: change.state, since: at, source: change.source });
          if (hadState) recent.set(change.appId, [...recentOf(change.appId, at), at]);
        }
        version += 1;
      }
      let pruned = 0;
      if (at - lastPrune >= pruneEveryMs) {
        lastPrune = at;
        pruned = await deps.repository.prune(at - deps.retentionDays * DAY_MS);
      }
      return { changed: started.length + ended.length, pruned };
    },
  };
}

import type { DemoStatus } from './demo/demo-status.js';
import type { StatusRecorder } from './history/status-recorder.js';
import type { NoticeBoard } from './notice-board.js';
import { isProbeable } from './sources/http-probe.js';
import { describeFailure } from './sources/http.js';
import type { SourceStatus, StatusSource } from './sources/source.js';
import { createStatusCache, type StatusCache } from './status-cache.js';

type LogFn = (details: Record<string, unknown>, message: string) => void;

/** The few logger methods the monitor uses (Fastify's pino logger has them). */
export interface MonitorLog {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
}

const SILENT: MonitorLog = { debug: () => {}, info: () => {}, warn: () => {} };

export interface SourceOutcome {
  source: string;
  ok: boolean;
  /** Statuses received when ok. */
  count: number;
  error?: string;
}

export interface CycleReport {
  startedAt: number;
  durationMs: number;
  sources: SourceOutcome[];
}

export interface MonitorOptions {
  /** In priority order: when two sources know a URL, the first one's fresh value is used. */
  sources: readonly StatusSource[];
  /** Where the probes find the apps' links. */
  apps: { findAll(): Promise<readonly { link: string }[]> };
  intervalMs: number;
  /** A failing source's last good values are dropped once they are this old. */
  dropAfterMs: number;
  log?: MonitorLog;
  now?: () => number;
  /** Told each cycle's results, after the sources: the status history (history/). */
  history?: StatusRecorder;
  /** Refreshed in each cycle, beside the sources: the status page's notices (notices/). */
  notices?: NoticeBoard;
  /** Refreshed first in each cycle: which apps have simulated statuses (demo/, decision 0026). */
  demo?: DemoStatus;
}

export interface Monitor {
  /** Runs a cycle now, then one every interval; returns at once. */
  start(options?: { log?: MonitorLog }): void;
  /** Stops the loop, aborts requests in flight and waits for the cycle to end. */
  stop(): Promise<void>;
  /** One cycle of every source; a call during a cycle waits for that cycle (no overlap). */
  runOnce(): Promise<CycleReport>;
  /** The cached results, read by GET /api/monitor-status. */
  readonly results: StatusCache;
  /** The status history, when the monitor records one. */
  readonly history: StatusRecorder | undefined;
  /** The notice board, when a status page is configured. */
  readonly notices: NoticeBoard | undefined;
  /** The demo catalog's simulated statuses, when the settings allow them (decision 0026). */
  readonly demo: DemoStatus | undefined;
}

/** The catalog's distinct http(s) links, the only targets the probes may request. */
export function probeTargets(apps: readonly { link: string }[]): string[] {
  return [...new Set(apps.map((app) => app.link.trim()).filter(isProbeable))];
}

/**
 * The status monitor: one cycle every interval, started with the server and never by a request.
 * Sources run side by side and are isolated (one failing keeps its last good values, stale, and
 * never blanks another); every request has a time-out; cycles never overlap.
 */
export function createMonitor(options: MonitorOptions): Monitor {
  const now = options.now ?? Date.now;
  const results = createStatusCache({
    sources: options.sources.map((source) => source.name),
    dropAfterMs: options.dropAfterMs,
    now,
  });
  let log = options.log ?? SILENT;
  let inFlight: Promise<CycleReport> | undefined;
  let cycleController: AbortController | undefined;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  const failing = new Set<string>();
  /** Until a source has answered once, the cache knows nothing: no state is worth recording. */
  let answered = false;

  async function collect(
    source: StatusSource,
    links: Promise<string[]>,
    signal: AbortSignal,
  ): Promise<SourceOutcome> {
    let statuses: SourceStatus[];
    try {
      statuses = await source.collect({ links: source.needsLinks ? await links : [], signal });
    } catch (error) {
      const reason = describeFailure(error, 0);
      if (signal.aborted) return { source: source.name, ok: false, count: 0, error: reason };
      results.recordFailure(source.name, reason);
      failing.add(source.name);
      log.warn(
        { source: source.name, reason },
        'status source unavailable; its last values are kept (stale)',
      );
      return { source: source.name, ok: false, count: 0, error: reason };
    }
    results.recordSuccess(source.name, statuses);
    answered = true;
    if (failing.delete(source.name)) {
      log.info({ source: source.name, statuses: statuses.length }, 'status source recovered');
    }
    for (const status of statuses) {
      const detail = (status as { detail?: unknown }).detail;
      if (detail !== undefined && status.status === 0) {
        log.debug({ source: source.name, url: status.url, detail }, 'app is down');
      }
    }
    return { source: source.name, ok: true, count: statuses.length };
  }

  async function cycle(): Promise<CycleReport> {
    const startedAt = now();
    const controller = new AbortController();
    cycleController = controller;
    // Before the sources: the probes and the history leave the simulated apps alone.
    try {
      await options.demo?.refresh();
    } catch (error) {
      log.warn({ reason: describeFailure(error, 0) }, 'demo status not refreshed');
    }
    // Read the catalog once, and only when a source needs it.
    let linksPromise: Promise<string[]> | undefined;
    const links = () => {
      linksPromise ??= options.apps.findAll().then(probeTargets);
      return linksPromise;
    };
    const [sources] = await Promise.all([
      Promise.all(
        options.sources.map((source) =>
          collect(source, source.needsLinks ? links() : Promise.resolve([]), controller.signal),
        ),
      ),
      options.notices?.refresh(controller.signal, log),
    ]);
    if (options.history && answered && !controller.signal.aborted) {
      try {
        await options.history.record(results);
      } catch (error) {
        log.warn({ reason: describeFailure(error, 0) }, 'status history not recorded');
      }
    }
    const report = { startedAt, durationMs: now() - startedAt, sources };
    log.debug({ ...report }, 'monitor cycle done');
    return report;
  }

  function runOnce(): Promise<CycleReport> {
    inFlight ??= cycle().finally(() => {
      inFlight = undefined;
      cycleController = undefined;
    });
    return inFlight;
  }

  async function loop(): Promise<void> {
    const startedAt = now();
    try {
      await runOnce();
    } catch (error) {
      log.warn({ reason: describeFailure(error, 0) }, 'monitor cycle failed');
    }
    if (!running) return;
    // The next cycle starts an interval after this one started; if it overran, soon after it ends.
    const elapsed = now() - startedAt;
    const delay = Math.max(options.intervalMs - elapsed, Math.min(options.intervalMs, 1000));
    timer = setTimeout(() => void loop(), delay);
    timer.unref();
  }

  return {
    results,
    history: options.history,
    notices: options.notices,
    demo: options.demo,
    runOnce,
    start(startOptions = {}) {
      if (startOptions.log) log = startOptions.log;
      if (running) return;
      running = true;
      const names = options.sources.map((source) => source.name);
      log.info(
        { sources: names, intervalSeconds: options.intervalMs / 1000 },
        names.length > 0 ? 'status monitor started' : 'status monitor has no source configured',
      );
      void loop();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      cycleController?.abort();
      await inFlight?.catch(() => undefined);
    },
  };
}

import type { MonitorConfig } from '../config/config.js';
import type { StatusHistoryRepository } from './history/status-history.repository.js';
import { createStatusRecorder, type StatusRecorder } from './history/status-recorder.js';
import { createNoticeBoard } from './notices/notice-board.js';
import {
  createKumaStatusPageReader,
  type KumaStatusPageReader,
} from './sources/kuma-status-page.js';
import { createMonitor, type Monitor, type MonitorOptions } from './monitor.js';
import { createHttpProbeSource } from './sources/http-probe.js';
import { createMonitorProxySource } from './sources/monitor-proxy.js';
import type { StatusSource } from './sources/source.js';
import { createUptimeKumaSource } from './sources/uptime-kuma.js';

/** The configured sources, in priority order: Uptime Kuma, then the proxy, then the probes. */
export function sourcesFromConfig(config: MonitorConfig): StatusSource[] {
  const timeoutMs = config.timeoutSeconds * 1000;
  const sources: StatusSource[] = [];
  if (config.uptimeKuma) {
    sources.push(
      createUptimeKumaSource({
        url: config.uptimeKuma.url,
        apiKey: config.uptimeKuma.apiKey,
        timeoutMs,
      }),
    );
  }
  if (config.proxyUrl) {
    sources.push(createMonitorProxySource({ url: config.proxyUrl, timeoutMs }));
  }
  if (config.probe.enabled) {
    sources.push(
      createHttpProbeSource({
        timeoutMs,
        concurrency: config.probe.concurrency,
        authOk: config.probe.authOk,
      }),
    );
  }
  return sources;
}

/** The monitor main.ts starts with the server; with a database it records the status history. */
export function createMonitorFromConfig(
  config: MonitorConfig,
  deps: Pick<MonitorOptions, 'log' | 'now'> & {
    apps: { findAll(): Promise<readonly { id: string; link: string }[]> };
    /** Where the status history is kept; without one no history is recorded. */
    history?: StatusHistoryRepository;
    /** Several instances (docs/deploy.md): one leader reads the sources, the others share. */
    shared?: {
      sources(sources: StatusSource[]): StatusSource[];
      history(recorder: StatusRecorder): StatusRecorder;
      /** The status page's notices: read by the leader only, too. */
      notices?(reader: KumaStatusPageReader): KumaStatusPageReader;
    };
  },
): Monitor {
  const { history, shared, ...rest } = deps;
  const recorder = history
    ? createStatusRecorder({
        repository: history,
        apps: deps.apps,
        retentionDays: config.historyDays,
        now: deps.now,
      })
    : undefined;
  const sources = sourcesFromConfig(config);
  const statusPage = config.uptimeKuma && config.kumaStatusPage;
  const reader = statusPage
    ? createKumaStatusPageReader({
        url: config.uptimeKuma?.url ?? '',
        slug: statusPage,
        timeoutMs: config.timeoutSeconds * 1000,
      })
    : undefined;
  return createMonitor({
    ...rest,
    notices: reader
      ? createNoticeBoard({
          reader: shared?.notices ? shared.notices(reader) : reader,
          dropAfterMs: config.dropAfterSeconds * 1000,
          now: deps.now,
        })
      : undefined,
    history: recorder && shared ? shared.history(recorder) : recorder,
    sources: shared ? shared.sources(sources) : sources,
    intervalMs: config.intervalSeconds * 1000,
    dropAfterMs: config.dropAfterSeconds * 1000,
  });
}

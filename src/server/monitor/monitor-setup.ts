import type { MonitorConfig } from '../config/config.js';
import {
  createDemoStatus,
  type DemoCandidate,
  type DemoCatalogEntry,
  type DemoStatus,
} from './demo/demo-status.js';
import type { StatusHistoryRepository } from './history/status-history.repository.js';
import { createStatusRecorder, type StatusRecorder } from './history/status-recorder.js';
import { createNoticeBoard } from './notice-board.js';
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

/** The catalog as the probes and the history see it: without the apps whose status is simulated. */
function withoutSimulated<App extends { id: string }>(
  apps: { findAll(): Promise<readonly App[]> },
  demo: DemoStatus,
): { findAll(): Promise<readonly App[]> } {
  return {
    async findAll() {
      const all = await apps.findAll();
      return demo.active ? all.filter((app) => !demo.app(app.id)) : all;
    },
  };
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
    /**
     * The demo catalog's apps, when the settings allow simulated statuses (demoStatusAllowed),
     * and the catalog to check them against (decision 0026).
     */
    demo?: {
      demoCatalog: readonly DemoCatalogEntry[];
      apps: {
        findAll(): Promise<readonly DemoCandidate[]>;
        onChange?(listener: () => void): () => void;
      };
    };
  },
): Monitor {
  const { history, shared, demo: demoDeps, ...rest } = deps;
  const demo = demoDeps ? createDemoStatus(demoDeps) : undefined;
  // Probes and the status history are for real apps: the simulated ones are left out.
  const apps = demo ? withoutSimulated(deps.apps, demo) : deps.apps;
  const recorder = history
    ? createStatusRecorder({
        repository: history,
        apps,
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
    apps,
    demo,
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

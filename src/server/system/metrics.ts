import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isLoopbackHost } from '../lib/loopback.js';
import type { LimitName } from '../http/rate-limits.js';
import { MESSAGES } from '../../shared/messages.js';

/** Where the gauges read their values when Prometheus scrapes. */
export interface MetricsSources {
  activeSessions?: () => Promise<number>;
  catalogSize?: () => Promise<number>;
}

/**
 * The portal's Prometheus metrics (prom-client), in one registry per app so that tests do not
 * share counters. Names follow Prometheus conventions: `portal_` prefix, base units.
 */
/** The part of the monitor's results that the metrics count (any source's statuses). */
export interface MonitorResultsRecorder {
  recordSuccess(source: string, statuses: readonly unknown[]): void;
  recordFailure(source: string, reason: string): void;
}

export function createMetrics(sources: MetricsSources = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'portal_sign_ins_total',
    help: 'Finished sign-in callbacks by outcome (success, or why they failed).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const favoritesWrites = new Counter({
    name: 'portal_favorites_writes_total',
    help: 'Successful favorite changes, by operation (add, remove).',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  const monitorReads = new Counter({
    name: 'portal_monitor_reads_total',
    help: 'Reads of monitor sources, by source and outcome (ok, failed).',
    labelNames: ['source', 'outcome'] as const,
    registers: [registry],
  });
  const lastGood = new Map<string, number>();
  new Gauge({
    name: 'portal_monitor_last_success_age_seconds',
    help: 'Seconds since the last good read of each monitor source.',
    labelNames: ['source'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [source, at] of lastGood) this.set({ source }, (Date.now() - at) / 1000);
    },
  });
  const rateLimited = new Counter({
    name: 'portal_rate_limit_rejections_total',
    help: 'Requests refused with 429, by limit (auth, write, global).',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'portal_active_sessions',
    help: 'Portal sessions not yet expired.',
    registers: [registry],
    async collect() {
      if (sources.activeSessions) this.set(await sources.activeSessions());
    },
  });
  new Gauge({
    name: 'portal_catalog_apps',
    help: 'Apps in the catalog.',
    registers: [registry],
    async collect() {
      if (sources.catalogSize) this.set(await sources.catalogSize());
    },
  });

  const notifications = notificationCounters(registry);

  return {
    registry,
    /** The notifier's counters (src/server/notifier; docs/notifications.md, "Messages"). */
    notifications,
    signIn: (outcome: string) => signIns.inc({ outcome }),
    rateLimited: (limit: LimitName) => rateLimited.inc({ limit }),
    /** Wraps a monitor's result recorder so that each read of a source is counted. */
    monitorRecorder<T extends MonitorResultsRecorder>(results: T): T {
      const success = results.recordSuccess.bind(results);
      const failure = results.recordFailure.bind(results);
      results.recordSuccess = (source, statuses) => {
        monitorReads.inc({ source, outcome: 'ok' });
        lastGood.set(source, Date.now());
        success(source, statuses);
      };
      results.recordFailure = (source, reason) => {
        monitorReads.inc({ source, outcome: 'failed' });
        failure(source, reason);
      };
      return results;
    },
    /** Counts every answer by route template (never the raw URL: bounded label values). */
    plugin: fp(
      async (app) => {
        app.addHook('onResponse', async (request, reply) => {
          const route = request.routeOptions.url ?? 'unmatched';
          const labels = { method: request.method, route, status: String(reply.statusCode) };
          requests.inc(labels);
          duration.observe(labels, reply.elapsedTime / 1000);
          if (route === '/api/me/favorites/:appId' && reply.statusCode < 300) {
            if (request.method === 'PUT') favoritesWrites.inc({ operation: 'add' });
            if (request.method === 'DELETE') favoritesWrites.inc({ operation: 'remove' });
          }
        });
      },
      { name: 'metrics' },
    ),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Status-change notifications: queued per person, mails sent or failed, and held or dropped. */
function notificationCounters(registry: Registry) {
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const queued = counter('portal_notifications_queued_total', 'Changes queued for a person.');
  const sent = counter('portal_notifications_sent_total', 'Notification mails delivered.');
  const failed = counter(
    'portal_notifications_failed_total',
    'Notification mails failed for good.',
  );
  const suppressed = counter(
    'portal_notifications_suppressed_total',
    'Notifications held or dropped, by reason (digest, quiet_hours, rate_limit, not_visible).',
    ['reason'],
  );
  return {
    queued: (count: number) => queued.inc(count),
    suppressed: (reason: string, count = 1) => suppressed.inc({ reason }, count),
    sent: () => sent.inc(),
    failed: () => failed.inc(),
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read /metrics: a request made on this machine directly (loopback peer, no forwarding
 * header, so not one relayed by a local reverse proxy), or anyone with `METRICS_TOKEN`.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization ?? '';
  if (token && header.startsWith('Bearer ') && sameSecret(header.slice(7).trim(), token)) {
    return true;
  }
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some(
    (name) => request.headers[name] !== undefined,
  );
  return !forwarded && isLoopbackHost(request.raw.socket.remoteAddress ?? '');
}

/** GET /metrics in the Prometheus text format; others than allowed callers get 404. */
export const metricsRoutes: FastifyPluginAsync<{
  metrics: Metrics;
  token: string | undefined;
}> = async (app, { metrics, token }) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, token)) {
      return reply
        .code(404)
        .send({ status: 404, code: 'not_found', message: MESSAGES.notFound, data: {} });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
};

import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { createMetrics, metricsRoutes, type MonitorResultsRecorder } from './metrics.js';
import { createIdpStatus, type ReadinessChecks } from './readiness.js';
import { healthRoutes } from './system.routes.js';

export interface OperationsDeps {
  config: Pick<Config, 'metricsToken' | 'oidc'>;
  db: Db;
  apps: { count(): Promise<number> };
  /** Loads the catalog (from memory once loaded). */
  loadCatalog(): Promise<unknown>;
  /** Browser sessions in force now (a metric). */
  activeSessions(): Promise<number>;
  /** The status monitor, when one runs: its reads are counted, its sources' state is readiness. */
  monitor?: { results: MonitorResultsRecorder & { sources(): { stale: boolean }[] } };
  /** Where readiness looks for the identity provider (tests); by default OIDC discovery. */
  identityProvider?: ReadinessChecks['identityProvider'];
}

/**
 * What operators look at: Prometheus metrics (GET /metrics and the request counters), and the
 * liveness and readiness checks. Registered at the root, outside the authentication scope.
 */
export function createOperations(deps: OperationsDeps) {
  const metrics = createMetrics({
    activeSessions: deps.activeSessions,
    catalogSize: () => deps.apps.count(),
  });
  if (deps.monitor) metrics.monitorRecorder(deps.monitor.results);
  const checks: ReadinessChecks = {
    database: async () => void (await sql`select 1`.execute(deps.db)),
    pendingMigrations: () => pendingMigrations(deps.db),
    catalog: async () => void (await deps.loadCatalog()),
    identityProvider: deps.identityProvider ?? createIdpStatus({ issuer: deps.config.oidc.issuer }),
    monitor: () => {
      const sources = deps.monitor?.results.sources() ?? [];
      if (sources.length === 0) return 'off';
      return sources.some((source) => source.stale) ? 'degraded' : 'ok';
    },
  };
  // Not encapsulated: the request counters see every route.
  const plugin = fp(
    async (app) => {
      await app.register(metrics.plugin);
      await app.register(healthRoutes, { checks });
      await app.register(metricsRoutes, { metrics, token: deps.config.metricsToken });
    },
    { name: 'operations' },
  );
  return { metrics, plugin };
}

import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { probeWrites, WriteProbeError, type WriteFailureReason } from '../db/write-probe.js';
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
  /** The server's logger, once it exists (readiness logs why writes fail). */
  log?: () => Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** The causes of an error as `Name [CODE]: message` words (never objects, which may hold rows). */
function describeCause(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    parts.push(
      `${current.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${current.message}`,
    );
    current = current.cause;
  }
  return parts.join(' <- ') || String(error);
}

/**
 * The readiness write probe, logging when the database starts refusing writes (at `warn`, with
 * the driver's code and message: SQLITE_READONLY, SQLITE_FULL, PostgreSQL 25006...), when the
 * cause changes, and when writes work again (at `info`): not at every probe.
 */
function createWriteCheck(db: Db, log: OperationsDeps['log']) {
  let last: WriteFailureReason | undefined;
  return async (): Promise<WriteFailureReason | undefined> => {
    try {
      await probeWrites(db, Date.now());
    } catch (error) {
      const reason = error instanceof WriteProbeError ? error.reason : 'failed';
      if (reason !== last) {
        log?.().warn(
          {
            check: 'databaseWrites',
            reason,
            code: error instanceof WriteProbeError ? error.code : undefined,
            cause: describeCause(error instanceof WriteProbeError ? error.cause : error),
          },
          `readiness: the database refuses writes (${reason})`,
        );
      }
      last = reason;
      return reason;
    }
    if (last !== undefined) {
      log?.().info({ check: 'databaseWrites' }, 'readiness: the database takes writes again');
    }
    last = undefined;
    return undefined;
  };
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
    databaseWrites: createWriteCheck(deps.db, deps.log),
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

import type { CheckResult, Readiness, WriteFailureReason } from '../../shared/api/health.js';

export interface ReadinessChecks {
  /** Throws when the database does not answer. */
  database(): Promise<void>;
  /** Why the database refuses a small write, or undefined when it takes it. */
  databaseWrites(): Promise<WriteFailureReason | undefined>;
  /** Names of migrations not applied. */
  pendingMigrations(): Promise<string[]>;
  /** Throws when the catalog cannot be loaded. */
  catalog(): Promise<void>;
  /** Never blocks: the last known state of the identity provider. */
  identityProvider(): CheckResult;
  /** Never blocks: whether every monitor source's last read succeeded. */
  monitor(): CheckResult;
}

async function check(run: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await run();
    return 'ok';
  } catch {
    return 'failed';
  }
}

/**
 * Readiness: the database, its migrations and the catalog must be fine; a database that answers
 * but refuses writes (read-only, full disk), a failing identity provider or monitor source only
 * make it `degraded` (the portal still serves the catalog; sign-in and admin changes fail).
 */
export async function readiness(checks: ReadinessChecks): Promise<Readiness> {
  const [database, writeFailure, migrations, catalog] = await Promise.all([
    check(checks.database),
    checks.databaseWrites().catch((): WriteFailureReason => 'failed'),
    check(async () => {
      if ((await checks.pendingMigrations()).length > 0) throw new Error('pending');
    }),
    check(checks.catalog),
  ]);
  const result: Readiness['checks'] = {
    database,
    databaseWrites: writeFailure === undefined ? 'ok' : 'degraded',
    migrations,
    catalog,
    identityProvider: checks.identityProvider(),
    monitor: checks.monitor(),
  };
  const failed = [database, migrations, catalog].some((value) => value !== 'ok');
  const degraded = [result.databaseWrites, result.identityProvider, result.monitor].includes(
    'degraded',
  );
  return {
    status: failed ? 'not-ready' : degraded ? 'degraded' : 'ready',
    checks: result,
    ...(writeFailure === undefined ? {} : { reasons: { databaseWrites: writeFailure } }),
  };
}

/**
 * The identity provider's state for readiness, without ever making readiness wait: each call
 * answers the last known state and, when it is older than `everyMs`, starts one discovery
 * request in the background.
 */
export function createIdpStatus(options: {
  issuer: string | undefined;
  everyMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): () => CheckResult {
  if (!options.issuer) return () => 'off';
  const url = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const everyMs = options.everyMs ?? 30_000;
  const doFetch = options.fetch ?? fetch;
  let state: CheckResult = 'unknown';
  let checkedAt = Number.NEGATIVE_INFINITY;
  let running = false;
  return () => {
    if (!running && Date.now() - checkedAt >= everyMs) {
      running = true;
      checkedAt = Date.now();
      doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 3000) })
        .then((response) => {
          state = response.ok ? 'ok' : 'degraded';
          void response.body?.cancel();
        })
        .catch(() => {
          state = 'degraded';
        })
        .finally(() => {
          running = false;
        });
    }
    return state;
  };
}

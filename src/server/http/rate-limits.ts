import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LimitsConfig } from '../config/config.js';
import { isPostgres, type Db } from '../db/database.js';
import { TooManyRequestsError } from './errors.js';
import { createSharedStore, PRUNE_INTERVAL_MS } from './shared-rate-limit-store.js';

/** Which limit refused a request (a label of the rejections metric). */
export type LimitName = 'global' | 'auth' | 'write';

export interface RateLimitsOptions {
  limits: LimitsConfig;
  /** Called once per refused request (metrics). */
  onRejected?: (limit: LimitName, request: FastifyRequest) => void;
  /**
   * The portal's database. On PostgreSQL (several instances) the `auth` and `write` counters
   * live there, shared by every instance; the `global` ceiling always stays in memory.
   */
  db?: Db;
}

/** The limits counted in the shared database on PostgreSQL. */
export const SHARED_LIMITS: readonly LimitName[] = ['auth', 'write'];

const WINDOW_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes an orchestrator or Prometheus polls: never limited, never counted. */
export function isOperationsPath(path: string): boolean {
  return path === '/metrics' || path === '/api/health' || path.startsWith('/api/health/');
}

/** A request URL without its query string. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The limits a request counts against, strictest first. */
export function limitsFor(method: string, url: string): LimitName[] {
  const path = pathOf(url);
  if (isOperationsPath(path)) return [];
  // The silent check's script is a static file, not a sign-in step.
  if (path.startsWith('/auth/') && path !== '/auth/silent.js') return ['auth', 'global'];
  if (path.startsWith('/api/') && !SAFE_METHODS.has(method)) return ['write', 'global'];
  return ['global'];
}

/**
 * Per client address (`request.ip`: the socket's peer, or the forwarded client with
 * TRUST_PROXY; IPv6 by /64) limits over a one-minute window, with @fastify/rate-limit's store:
 * `/auth/*`, state-changing `/api/*` requests, and a global ceiling over everything. Refusals
 * are 429 with `Retry-After` and the project's error body. The global ceiling skips the
 * allow-listed addresses (loopback by default: benchmarks, local health checks).
 *
 * On PostgreSQL the `auth` and `write` counters are shared by every instance (table
 * `rateLimits`, expired rows pruned every minute); the global ceiling stays per instance, as it
 * counts every request (GET /api/apps included) and must not cost a database round trip each.
 * When the database fails, a request is counted in memory instead (logged once), never refused
 * with 500 because of the limiter.
 */
export const rateLimits = fp<RateLimitsOptions>(
  async (app, { limits, onRejected, db }) => {
    if (!limits.rateLimit) return;
    const shared = db && isPostgres(db) ? sharedStore(app, db) : undefined;
    await app.register(rateLimit, {
      ...(shared ? { store: shared } : {}),
      global: false,
      timeWindow: WINDOW_MS,
      cache: 20_000,
      keyGenerator: (request) => normalizeIP(request.ip),
    });
    const max: Record<LimitName, number> = {
      global: limits.globalPerMinute,
      auth: limits.authPerMinute,
      write: limits.writePerMinute,
    };
    const limiters = Object.fromEntries(
      (Object.keys(max) as LimitName[]).map((name) => [
        name,
        app.createRateLimit({
          max: max[name],
          timeWindow: WINDOW_MS,
          keyGenerator: (request) => `${name}:${normalizeIP(request.ip)}`,
        }),
      ]),
    ) as Record<LimitName, ReturnType<typeof app.createRateLimit>>;
    const allowed = new Set(limits.globalAllowList.map((address) => normalizeIP(address, 128)));

    app.addHook('onRequest', async (request) => {
      for (const name of limitsFor(request.method, request.url)) {
        if (name === 'global' && allowed.has(normalizeIP(request.ip, 128))) continue;
        const result = await limiters[name](request);
        if (!result.isAllowed && result.isExceeded) {
          onRejected?.(name, request);
          throw new TooManyRequestsError(result.ttlInSeconds, name);
        }
      }
    });
  },
  { name: 'rate-limits' },
);

function sharedStore(app: FastifyInstance, db: Db) {
  const shared = createSharedStore(db, {
    isShared: (key) => SHARED_LIMITS.some((name) => key.startsWith(`${name}:`)),
    onFailure: (error) =>
      app.log.warn(
        { err: error },
        'rate limits: the shared counters are unavailable; counting in this instance until the database answers',
      ),
    onRecovery: () => app.log.info('rate limits: the shared counters answer again'),
  });
  const timer = setInterval(() => {
    shared.prune().catch(() => undefined);
  }, PRUNE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return shared.Store;
}

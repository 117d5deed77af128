import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LimitsConfig } from '../config.js';
import { TooManyRequestsError } from './errors.js';

/** Which limit refused a request (a label of the rejections metric). */
export type LimitName = 'global' | 'auth' | 'write';

export interface RateLimitsOptions {
  limits: LimitsConfig;
  /** Called once per refused request (metrics). */
  onRejected?: (limit: LimitName, request: FastifyRequest) => void;
}

const WINDOW_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes an orchestrator or Prometheus polls: never limited, never counted. */
export function isOperationsPath(path: string): boolean {
  return path === '/metrics' || path === '/api/health' || path.startsWith('/api/health/');
}

function pathOf(url: string): string {
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
 */
export const rateLimits = fp<RateLimitsOptions>(
  async (app, { limits, onRejected }) => {
    if (!limits.rateLimit) return;
    await app.register(rateLimit, {
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

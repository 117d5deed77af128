import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import { canonicalOrigin } from './canonical-origin.js';
import { refuseControlCharacters } from './control-characters.js';
import { registerErrorHandling } from './error-handler.js';
import { openapi } from './openapi.js';
import { rateLimits, type RateLimitsOptions } from './rate-limits.js';
import { requestLog } from './request-log.js';
import { closingGuard, limitConnections, serverOptions } from './server-options.js';
import { securityHeaders } from './security-headers.js';
import { AJV_OPTIONS, buildSerializer, buildValidator } from './validation.js';

/** The portal's Fastify instance: its server options, validators and serialisers; never listening. */
export function createHttpApp(config: Config, logger: boolean | object = false): FastifyInstance {
  const app = Fastify({
    logger,
    bodyLimit: 64 * 1024,
    // Production hardening (docs/operations.md): proxies, time-outs, connection caps.
    ...serverOptions(config),
    // Bodies validated as sent, query strings and params coerced from text (validation.ts).
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: { compilersFactory: { buildValidator, buildSerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  limitConnections(app, config);
  return app;
}

/**
 * What every answer passes through, in order: errors, control characters, security headers, the
 * canonical origin, the request log, shutdown answers and rate limits, cookies, the API document,
 * and `no-store` on API answers.
 */
export async function registerInfrastructure(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    version?: string;
    onRateLimited: RateLimitsOptions['onRejected'];
  },
): Promise<void> {
  const { config } = deps;
  registerErrorHandling(app);
  refuseControlCharacters(app);
  await app.register(securityHeaders, { publicUrl: config.publicUrl, issuer: config.oidc.issuer });
  // 127.0.0.1 and localhost are one portal for people: pages and sign-in move to PUBLIC_URL.
  await app.register(canonicalOrigin, { publicUrl: config.publicUrl });
  await app.register(requestLog, { slowMs: config.server.slowRequestMs });
  // Shutdown answers and rate limits (after the security headers, so 503/429 carry them too).
  await app.register(closingGuard);
  await app.register(rateLimits, {
    limits: config.limits,
    onRejected: deps.onRateLimited,
    db: deps.db,
  });
  await app.register(cookie);
  await app.register(openapi, { version: deps.version ?? '0.0.0', publicUrl: config.publicUrl });
  app.addHook('onSend', async (request, reply) => {
    // API answers depend on who asks: never stored by shared caches or the browser.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
  });
}

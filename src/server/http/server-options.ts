import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Config } from '../config.js';

/** Fastify's server options that production hardening decides (docs/operations.md). */
export function serverOptions(config: Pick<Config, 'trustProxy'>): FastifyHttpOptions<Server> {
  return {
    // Forwarded headers (client address, scheme, host) only from trusted proxies.
    trustProxy: config.trustProxy as FastifyHttpOptions<Server>['trustProxy'],
  };
}

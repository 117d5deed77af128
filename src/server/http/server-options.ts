import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import {
  LogController,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';

const CLOSING_MESSAGE = 'The portal is restarting. Please try again in a moment.';

/** How often Node checks the header and request time-outs (its default, 30 s, is too coarse). */
const TIMEOUT_CHECK_MS = 1000;

/** The project's error body, for answers written before Fastify has a request. */
function errorBody(status: number, code: string, message: string): string {
  return JSON.stringify({ status, code, message, data: {} });
}

const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    message: 'The request took too long to arrive.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    message: 'The request headers are too large.',
  },
  HPE_URI_TOO_LONG: {
    status: 414,
    code: 'uri_too_long',
    message: 'The request address is too long.',
  },
};

/**
 * Answers a request Node could not parse (too slow, headers too large, malformed) with the
 * project's error body, then closes the connection.
 */
function onClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    code: 'malformed_request',
    message: 'The request is malformed.',
  };
  if (socket.writable) {
    const body = errorBody(known.status, known.code, known.message);
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's server options that production hardening decides (docs/operations.md). */
export function serverOptions(
  config: Pick<Config, 'trustProxy' | 'server'> & Partial<Pick<Config, 'trustedProxies'>>,
): FastifyHttpOptions<Server> {
  const { server } = config;
  const trustedProxies = config.trustedProxies ?? [];
  return {
    // Forwarded headers (client address, scheme, host) only from trusted proxies: TRUSTED_PROXIES,
    // or TRUST_PROXY as before (decision 0058).
    trustProxy: (trustedProxies.length > 0
      ? trustedProxies
      : config.trustProxy) as FastifyHttpOptions<Server>['trustProxy'],
    http: {
      headersTimeout: server.headersTimeoutMs,
      requestTimeout: server.requestTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    },
    requestTimeout: server.requestTimeoutMs,
    keepAliveTimeout: server.keepAliveTimeoutMs,
    connectionTimeout: server.idleTimeoutMs,
    // One line per request at debug (http/request-log.ts) instead of two at info.
    logController: new LogController({ disableRequestLogging: true }),
    // Closing: the closing guard below answers with the project's body instead.
    return503OnClosing: false,
    clientErrorHandler: onClientError,
    // A path parameter over the router's limit (414) or an undecodable URL (400).
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode === 414 ? 414 : 400;
      const [code, message] =
        status === 414
          ? ['uri_too_long', 'The request address is too long.']
          : ['malformed_url', 'The request address is malformed.'];
      void (reply as FastifyReply).code(status).send({ status, code, message, data: {} });
    },
  };
}

/** Caps open connections (beyond it Node closes new ones at once). */
export function limitConnections(app: FastifyInstance, config: Pick<Config, 'server'>): void {
  app.server.maxConnections = config.server.maxConnections;
}

/**
 * While the server closes (SIGTERM), requests that still arrive on open keep-alive connections
 * get 503 with `Retry-After` and `Connection: close`, in the project's body; answers to requests
 * in flight close their connection too, so that none lingers until the keep-alive time-out.
 */
export const closingGuard = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
      return reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', '5')
        .send({ status: 503, code: 'restarting', message: CLOSING_MESSAGE, data: {} });
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) void reply.header('connection', 'close');
    });
  },
  { name: 'closing-guard' },
);

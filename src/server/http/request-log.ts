import fp from 'fastify-plugin';
import { redactUrl } from './log-redaction.js';

/** The server's logger (pino) options: secrets never reach a log line. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      // Fastify's own request fields, with sign-in codes, state and tokens taken out of the URL.
      req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

export interface RequestLogOptions {
  /** Requests slower than this are logged at warn. */
  slowMs: number;
}

/**
 * One line per answered request, replacing Fastify's two info lines: `debug` for ordinary
 * answers (so the default `info` level stays quiet under load), `warn` for slow ones, `error`
 * for 5xx. The request id (`reqId`) is on every line and in the `x-request-id` answer header;
 * URLs are logged through the logger's request serializer, which redacts secrets.
 */
export const requestLog = fp<RequestLogOptions>(
  async (app, { slowMs }) => {
    app.addHook('onRequest', async (request, reply) => {
      void reply.header('x-request-id', request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      const ms = Math.round(reply.elapsedTime);
      const details = { req: request, res: { statusCode: reply.statusCode }, responseTime: ms };
      if (reply.statusCode >= 500) request.log.error(details, 'request failed');
      else if (ms >= slowMs) request.log.warn(details, 'slow request');
      else request.log.debug(details, 'request completed');
    });
  },
  { name: 'request-log' },
);

import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '../../shared/api/schemas.js';
import { MESSAGES } from '../../shared/messages.js';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/database.js';
import { HttpError } from './errors.js';

function body(
  status: number,
  code: string,
  message: string,
  data: Record<string, unknown> = {},
): ApiError {
  return { status, code, message, data };
}

/** Codes of client errors Fastify raises itself (not an HttpError), by status. */
const CLIENT_ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
};

/** Words for a validation failure that a person can act on: "querystring/perPage must be <= 500". */
function describeValidation(error: FastifyError): { message: string; issues: string[] } {
  const context = error.validationContext ?? 'request';
  const issues = (error.validation ?? []).map((issue) => {
    const where = issue.instancePath ? `${context}${issue.instancePath}` : context;
    if (issue.keyword === 'additionalProperties') {
      const extra = (issue.params as { additionalProperty?: string }).additionalProperty;
      return `${where} has an unknown field "${extra}"`;
    }
    return `${where} ${issue.message ?? 'is invalid'}`;
  });
  return { message: `Invalid request: ${issues.join('; ')}`, issues };
}

/**
 * One error body everywhere: `{status, code, message, data}`. `code` is stable and
 * machine-readable (the web app shows its own text for it, in the visitor's language); `message`
 * is English. Client errors say what is wrong; server errors say only the spec's generic
 * sentence, and their details go to the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      void reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(body(error.statusCode, error.code, error.message, error.data));
    }
    if (error.validation) {
      const { message, issues } = describeValidation(error);
      return reply.code(400).send(body(400, 'validation_failed', message, { issues }));
    }
    if (isDatabaseBusy(error)) {
      // Another process holds the database lock (a backup, the sqlite3 shell): fail fast.
      request.log.warn({ code: error.code }, 'database busy: answered 503');
      void reply.header('retry-after', '2');
      return reply
        .code(503)
        .send(
          body(503, 'database_busy', 'The portal is busy right now. Please try again in a moment.'),
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const invalidJson =
        status !== 413 &&
        (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError);
      const message =
        status === 413
          ? 'The request body is too large.'
          : invalidJson
            ? 'The request body is not valid JSON.'
            : status === 404
              ? MESSAGES.notFound
              : error.message;
      const code = invalidJson ? 'invalid_json' : (CLIENT_ERROR_CODES[status] ?? 'bad_request');
      return reply.code(status).send(body(status, code, message));
    }
    if (isDatabaseUnavailable(error)) {
      // The database went away (docs/deploy.md): try again; what is served from memory still is.
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(
          body(
            503,
            'database_unavailable',
            'The database is not available right now. Please try again shortly.',
          ),
        );
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body(500, 'internal_error', MESSAGES.generic));
  });

  app.setNotFoundHandler((_request, reply) => {
    return reply.code(404).send(body(404, 'not_found', MESSAGES.notFound));
  });
}

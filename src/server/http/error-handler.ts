import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '../../shared/api/schemas.js';
import { MESSAGES } from '../../shared/messages.js';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/database.js';
import { HttpError } from './errors.js';

function body(status: number, message: string, data: Record<string, unknown> = {}): ApiError {
  return { status, message, data };
}

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
 * One error body everywhere: `{status, message, data}`. Client errors say what is wrong; server
 * errors say only the spec's generic sentence, and their details go to the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      void reply.headers(error.headers);
      return reply.code(error.statusCode).send(body(error.statusCode, error.message, error.data));
    }
    if (error.validation) {
      const { message, issues } = describeValidation(error);
      return reply.code(400).send(body(400, message, { issues }));
    }
    if (isDatabaseBusy(error)) {
      // Another process holds the database lock (a backup, the sqlite3 shell): fail fast.
      request.log.warn({ code: error.code }, 'database busy: answered 503');
      void reply.header('retry-after', '2');
      return reply
        .code(503)
        .send(body(503, 'The portal is busy right now. Please try again in a moment.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'The request body is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'The request body is not valid JSON.'
            : status === 404
              ? MESSAGES.notFound
              : error.message;
      return reply.code(status).send(body(status, message));
    }
    if (isDatabaseUnavailable(error)) {
      // The database went away (docs/deploy.md): try again; what is served from memory still is.
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(body(503, 'The database is not available right now. Please try again shortly.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body(500, MESSAGES.generic));
  });

  app.setNotFoundHandler((_request, reply) => {
    return reply.code(404).send(body(404, MESSAGES.notFound));
  });
}

import { MESSAGES } from '../../shared/messages.js';

/** An error a route may throw on purpose: it carries its HTTP status and a stable code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, 'not_found', message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super(400, 'bad_request', message, data);
  }
}

/**
 * 401 with a `WWW-Authenticate` challenge (RFC 6750). `description` says why a bearer token was
 * refused; it never echoes the token.
 */
export class UnauthorizedError extends HttpError {
  constructor(message: string, description?: string) {
    const challenge =
      description === undefined
        ? 'Bearer realm="app-portal"'
        : `Bearer realm="app-portal", error="invalid_token", error_description="${description.replace(/["\\]/g, '')}"`;
    super(401, 'unauthorized', message, {}, { 'www-authenticate': challenge });
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, 'service_unavailable', message);
  }
}

/** 429: a rate limit was reached; `Retry-After` says how many seconds to wait. */
export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number, limit: string) {
    const wait = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      429,
      'too_many_requests',
      `Too many requests. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
      { limit, retryAfter: wait },
      { 'retry-after': String(wait) },
    );
  }
}

/** 403: signed in, but not allowed to do this. */
export class ForbiddenError extends HttpError {
  constructor(message: string, code = 'forbidden') {
    super(403, code, message);
  }
}

/** 409: the thing changed since the caller saw it, is taken, or is no longer in that state. */
export class ConflictError extends HttpError {
  constructor(message: string, data: Record<string, unknown> = {}, code = 'conflict') {
    super(409, code, message, data);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}

/** 422: the request is well-formed but its content cannot be processed (a logo too complex). */
export class UnprocessableEntityError extends HttpError {
  constructor(message: string) {
    super(422, 'unprocessable_entity', message);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

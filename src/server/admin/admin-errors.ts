import { ErrorSchema } from '../../shared/api/schemas.js';
import { HttpError } from '../http/errors.js';

/** The error answers every admin route may give, for its response schema. */
export const ADMIN_ERRORS = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  428: ErrorSchema,
};

/** Signed in, but without the admin role. */
export class ForbiddenError extends HttpError {
  constructor(message = 'Only portal administrators can do this.') {
    super(403, 'forbidden', message);
  }
}

/** The app changed since the version the caller had (or the id is taken). */
export class ConflictError extends HttpError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super(409, 'conflict', message, data);
  }
}

/** PATCH and DELETE need the version the caller is changing. */
export class PreconditionRequiredError extends HttpError {
  constructor() {
    super(
      428,
      'precondition_required',
      'Send the version you are changing, in an If-Match header or a "version" field.',
    );
  }
}

import { ErrorSchema } from '../../shared/api/schemas.js';
import type { FieldErrors } from '../../shared/catalog/app-rules.js';
import { BadRequestError, HttpError } from '../http/errors.js';

/** The answer to a signed-in user without the admin role. */
export const ADMINS_ONLY = 'Only portal administrators can do this.';

/** The error answers every admin route may give, for its response schema. */
export const ADMIN_ERRORS = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  428: ErrorSchema,
};

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

/** 400 naming each bad field: `data.fields = { link: 'must be an http(s) URL (got "x")' }`. */
export function invalidFields(errors: FieldErrors): BadRequestError {
  const list = Object.entries(errors)
    .map(([field, message]) => `"${field}" ${message}`)
    .join('; ');
  return new BadRequestError(`Some fields are invalid: ${list}.`, { fields: errors });
}

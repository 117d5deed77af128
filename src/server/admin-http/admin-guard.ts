import type { FastifyRequest } from 'fastify';
import { requirePrincipal } from '../auth/authenticate.js';
import type { Principal } from '../auth/principal.js';
import { ForbiddenError } from '../http/errors.js';
import { ADMINS_ONLY } from './admin-errors.js';

/**
 * The caller of an admin route: signed in (401 otherwise) with the admin realm role
 * (OIDC_ADMIN_ROLE) among the verified roles of the session or bearer token (403 otherwise).
 * CSRF: browser calls are cookie calls, and the session authenticator already refuses
 * state-changing cookie requests that do not come from the portal's own pages.
 */
export function requireAdmin(request: FastifyRequest, adminRole: string): Principal {
  const principal = requirePrincipal(request);
  if (!principal.roles.includes(adminRole)) throw new ForbiddenError(ADMINS_ONLY, 'admins_only');
  return principal;
}

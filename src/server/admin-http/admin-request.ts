import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../shared/api/admin-schemas.js';
import { BadRequestError } from '../http/errors.js';
import { requireAdmin } from './admin-guard.js';
import { invalidFields } from './admin-errors.js';
import { actorOf } from '../audit/actor.js';

/** The admin caller of each request of the admin scope, set once by its onRequest hook. */
const actors = new WeakMap<FastifyRequest, Actor>();

/**
 * Every route of the scope requires the admin role, checked before the body is even read; the
 * caller becomes the request's actor once, here, for every handler of the scope.
 */
export function requireAdminActor(app: FastifyInstance, adminRole: string): void {
  app.addHook('onRequest', async (request) => {
    actors.set(request, actorOf(requireAdmin(request, adminRole)));
  });
}

/** Who makes this admin request (set by requireAdminActor's hook). */
export function adminActor(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw new Error('adminActor: the admin scope resolves the actor first');
  return actor;
}

/** `If-Match: 3`, `"3"` or `W/"3"`; else the `version` of the body or query. */
export function expectedVersion(request: FastifyRequest, fallback: unknown): number | undefined {
  const header = request.headers['if-match'];
  if (header !== undefined) {
    const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(String(header));
    if (!match?.[1]) throw new BadRequestError('If-Match must be the app version, e.g. "3".');
    return Number(match[1]);
  }
  if (fallback === undefined) return undefined;
  if (typeof fallback !== 'number' || !Number.isInteger(fallback) || fallback < 1) {
    throw invalidFields({ version: 'must be a whole number from 1' });
  }
  return fallback;
}

/** The JSON body as an object (the service names each bad field; unknown ones too). */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestError('The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceUnavailableError, UnauthorizedError } from '../http/errors.js';
import { principalFromClaims, type Principal } from './principal.js';
import { InvalidTokenError, IssuerUnavailableError, type TokenVerifier } from './token-verifier.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null when anonymous. Set before any handler runs. */
    principal: Principal | null;
  }
}

/**
 * A way to recognise the caller. Returns a principal, null for "not me, ask the next one", or
 * throws an HttpError to refuse the request. Bearer tokens come first; the session cookie of
 * the browser sign-in is another (it may clear its cookie through the reply).
 */
export type Authenticator = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Principal | null>;

export interface BearerOptions {
  verifier: TokenVerifier | undefined;
  groupsClaim: string;
  /** Told about every verified token's claims (to report a missing groups claim). */
  onClaims?: (claims: Record<string, unknown>) => void;
}

/** Whether the URL carries an `access_token` query parameter. */
export function hasQueryToken(url: string): boolean {
  const query = url.indexOf('?');
  return query >= 0 && new URLSearchParams(url.slice(query + 1)).has('access_token');
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)$/;

export function bearerAuthenticator({
  verifier,
  groupsClaim,
  onClaims,
}: BearerOptions): Authenticator {
  return async (request) => {
    const header = request.headers.authorization;
    if (header === undefined) return null;
    const match = BEARER.exec(header.trim());
    if (!match?.[1]) {
      throw new UnauthorizedError(
        'The Authorization header must be "Bearer <token>".',
        'malformed',
      );
    }
    if (!verifier) {
      throw new UnauthorizedError(
        'Bearer tokens are not accepted: no identity provider is configured.',
        'no identity provider is configured',
      );
    }
    try {
      const claims = await verifier.verify(match[1]);
      onClaims?.(claims);
      return principalFromClaims(claims, groupsClaim);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        throw new UnauthorizedError(`Invalid access token: ${error.reason}.`, error.reason);
      }
      if (error instanceof IssuerUnavailableError) {
        request.log.warn({ err: error }, 'identity provider unavailable');
        throw new ServiceUnavailableError(
          'The identity provider is unavailable; try again shortly.',
        );
      }
      throw error;
    }
  };
}

/**
 * Resolves `request.principal` through the given authenticators, in order, for every request to
 * the routes registered in the same scope (app.ts keeps static files and the demo IdP outside).
 */
export const authentication = fp(
  async (app: FastifyInstance, options: { authenticators: Authenticator[] }) => {
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request, reply) => {
      // RFC 6750 §2.3 tokens in the URL end up in logs, proxies and browser history: refused.
      if (hasQueryToken(request.url)) {
        throw new UnauthorizedError(
          'Send the access token in the Authorization header, not in the address.',
          'the token must be sent in the Authorization header',
        );
      }
      for (const authenticate of options.authenticators) {
        const principal = await authenticate(request, reply);
        if (principal) {
          request.principal = principal;
          return;
        }
      }
    });
  },
  { name: 'authentication' },
);

/** The principal of a route that requires one; 401 for anonymous callers. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) {
    throw new UnauthorizedError('Sign in to use this.');
  }
  return request.principal;
}

import { HttpError } from '../http/errors.js';
import type { Authenticator } from './authenticate.js';
import type { AuthCookies } from './auth-cookies.js';
import { AUTH_MESSAGES } from './auth-pages.js';
import { isSameOriginRequest, isStateChanging } from './same-origin.js';
import type { SignInService } from './sign-in.service.js';

/** 403 for a state-changing request that carries the session cookie but came from elsewhere. */
export class CrossSiteRequestError extends HttpError {
  constructor() {
    super(403, 'cross_site_request', AUTH_MESSAGES.crossSite);
  }
}

/**
 * The browser's sign-in: the session cookie. Runs after the bearer authenticator, so a request
 * with a bearer token never reaches it (and is never subject to the CSRF check: a bearer token
 * is not sent by the browser on its own). A cookie whose session ended is cleared.
 */
export function sessionAuthenticator(deps: {
  signIn: SignInService;
  cookies: AuthCookies;
  portalOrigin: string;
}): Authenticator {
  const { session } = deps.cookies;
  return async (request, reply) => {
    const secret = request.cookies[session.name];
    if (!secret) return null;
    // Checked before the session is even looked up: a forged request learns and changes nothing.
    if (
      isStateChanging(request.method) &&
      !isSameOriginRequest(request.headers, deps.portalOrigin)
    ) {
      throw new CrossSiteRequestError();
    }
    const resumed = await deps.signIn.resume(secret);
    if (resumed.status === 'active') return resumed.principal;
    if (resumed.status === 'ended') void reply.clearCookie(session.name, session.options);
    return null;
  };
}

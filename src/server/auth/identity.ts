import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import { authCookies } from './auth-cookies.js';
import type { AuthRoutesOptions } from './auth.routes.js';
import { bearerAuthenticator, type Authenticator } from './authenticate.js';
import { createOidcClient, describeError, type OidcClient } from './oidc-client.js';
import type { Principal } from './principal.js';
import { createGroupsClaimReporter } from './missing-groups.js';
import { sessionAuthenticator } from './session-authenticator.js';
import type { SessionsRepository } from './sessions.repository.js';
import { createSignInService } from './sign-in.service.js';
import { createTokenVerifier, type TokenVerifier } from './token-verifier.js';

export interface IdentityDeps {
  config: Config;
  sessions: SessionsRepository;
  /** Creates or updates the user record from verified claims. */
  syncUser(principal: Principal): Promise<void>;
  log: () => FastifyBaseLogger;
  /** Counts finished sign-in callbacks by outcome (metrics). */
  onSignIn?: (outcome: string) => void;
  /** Bearer token verifier; by default one for OIDC_ISSUER (none without an issuer). */
  verifier?: TokenVerifier;
  /** The OIDC client of the browser sign-in; by default one for OIDC_ISSUER. */
  oidc?: OidcClient;
  /** Clock of sessions and sign-on state, in epoch milliseconds. */
  now?: () => number;
}

/**
 * Everything that recognises callers: bearer tokens first, then the browser session of the
 * sign-in flow, and the options of the /auth routes. Without an issuer there is neither.
 */
export function createIdentity(deps: IdentityDeps): {
  authenticators: Authenticator[];
  routes: Omit<AuthRoutesOptions, 'texts' | 'defaultLanguage'>;
} {
  const { config } = deps;
  const { issuer, clientId, clientSecret, clockToleranceSeconds, groupsClaim, requireAtJwt } =
    config.oidc;
  const verifier =
    deps.verifier ??
    (issuer
      ? createTokenVerifier({ issuer, clientId, clockToleranceSeconds, requireAtJwt })
      : undefined);
  const oidc =
    deps.oidc ??
    (issuer
      ? createOidcClient({
          issuer,
          clientId,
          clientSecret,
          redirectUri: `${config.publicUrl}/auth/callback`,
          clockToleranceSeconds,
        })
      : undefined);
  const cookies = authCookies(config.publicUrl);
  const onClaims = createGroupsClaimReporter({
    groupsClaim,
    warn: (details, message) => deps.log().warn(details, message),
  });
  const signIn =
    oidc &&
    createSignInService({
      oidc,
      sessions: deps.sessions,
      groupsClaim,
      now: deps.now ?? Date.now,
      syncUser: deps.syncUser,
      onClaims,
      onSessionEnded: (reason) => deps.log().info({ reason }, `session ended: ${reason}`),
      pendingPerClient: config.limits.signOnPendingPerClient,
      pendingMax: config.limits.signOnPendingMax,
      onWarning: (message, error) =>
        deps.log().warn(error === undefined ? {} : { cause: describeError(error) }, message),
    });
  const authenticators: Authenticator[] = [
    bearerAuthenticator({ verifier, groupsClaim, onClaims }),
  ];
  if (signIn) {
    authenticators.push(
      sessionAuthenticator({ signIn, cookies, portalOrigin: new URL(config.publicUrl).origin }),
    );
  }
  return {
    authenticators,
    routes: { signIn, oidc, cookies, publicUrl: config.publicUrl, onSignIn: deps.onSignIn },
  };
}

import { IdpRefusedError, type OidcClient, type TokenSet } from '../oidc-client.js';

export const FAKE_IDP = 'https://idp.test/realms/app-portal';
export const GOOD_CODE = 'good-code';

/**
 * An identity provider stand-in for tests of the portal's own rules (state, sessions, refresh,
 * CSRF): no network. The protocol itself is tested against the embedded oidc-provider and a
 * real Keycloak.
 */
export function createFakeOidc(initialClaims: Record<string, unknown>) {
  const calls = { exchange: 0, refresh: 0 };
  const behaviour: {
    claims: Record<string, unknown>;
    /** Thrown by the next refreshes, when set. */
    refreshError: Error | undefined;
    /** Also thrown by authorizationUrl (provider down), when set. */
    down: Error | undefined;
    accessTokenSeconds: number;
    /** When set, refreshes wait for it (a hanging provider). */
    refreshGate: Promise<void> | undefined;
  } = {
    claims: initialClaims,
    refreshError: undefined,
    down: undefined,
    accessTokenSeconds: 300,
    refreshGate: undefined,
  };

  const tokens = (n: number): TokenSet => ({
    accessToken: `access-${n}`,
    refreshToken: `refresh-${n}`,
    idToken: `id-${n}`,
    expiresIn: behaviour.accessTokenSeconds,
    idClaims: { ...behaviour.claims },
  });

  const oidc: OidcClient = {
    issuer: FAKE_IDP,
    async authorizationUrl(parameters) {
      if (behaviour.down) throw behaviour.down;
      const url = new URL(`${FAKE_IDP}/protocol/openid-connect/auth`);
      for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
      return url;
    },
    async exchangeCode(callbackUrl) {
      calls.exchange += 1;
      const error = callbackUrl.searchParams.get('error');
      if (error) throw new IdpRefusedError(error);
      if (callbackUrl.searchParams.get('code') !== GOOD_CODE) {
        throw new IdpRefusedError('invalid_grant');
      }
      return tokens(calls.exchange);
    },
    async refresh() {
      calls.refresh += 1;
      if (behaviour.refreshGate) await behaviour.refreshGate;
      if (behaviour.refreshError) throw behaviour.refreshError;
      return tokens(100 + calls.refresh);
    },
    async endSessionUrl(postLogoutRedirectUri) {
      const url = new URL(`${FAKE_IDP}/protocol/openid-connect/logout`);
      url.searchParams.set('client_id', 'app-portal');
      url.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri);
      return url;
    },
  };
  return { oidc, behaviour, calls };
}

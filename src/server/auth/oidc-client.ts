import * as client from 'openid-client';

/** The identity provider answered with an OAuth error (or an invalid response): a refusal. */
export class IdpRefusedError extends Error {
  constructor(
    /** The OAuth `error` code, e.g. `login_required`, `invalid_grant`, `access_denied`. */
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(`the identity provider refused: ${code}`, options);
    this.name = 'IdpRefusedError';
  }
}

/** The identity provider could not be reached, timed out, or failed on its side (5xx). */
export class IdpUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdpUnavailableError';
  }
}

/**
 * An error and its causes as one line of names, codes and messages, for logs. Causes of
 * openid-client errors may hold whole provider responses (tokens included), so objects are
 * never logged, only these words.
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    if (!(current instanceof Error)) break;
    const code = (current as { code?: unknown }).code;
    parts.push(
      `${current.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${current.message}`,
    );
    current = current.cause;
  }
  return parts.join(' <- ') || String(error);
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
  /** Seconds the access token lives, when the provider says. */
  expiresIn: number | undefined;
  /** Claims of the ID token, validated by openid-client; undefined when none was returned. */
  idClaims: Record<string, unknown> | undefined;
}

/** The portal as an OpenID Connect client (authorization code + PKCE), over openid-client. */
export interface OidcClient {
  readonly issuer: string;
  authorizationUrl(parameters: Record<string, string>): Promise<URL>;
  exchangeCode(
    callbackUrl: URL,
    checks: { codeVerifier: string; state: string; nonce: string },
  ): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /**
   * RP-initiated logout URL with `client_id` and `post_logout_redirect_uri` only (never a
   * token: see auth.routes.ts); undefined when the provider has no end-session endpoint.
   */
  endSessionUrl(postLogoutRedirectUri: string): Promise<URL | undefined>;
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  /** Confidential client when set; public client (PKCE only) otherwise. */
  clientSecret: string | undefined;
  redirectUri: string;
  scope?: string;
  clockToleranceSeconds: number;
  /** Time-out of each request to the provider, in seconds. */
  timeoutSeconds?: number;
  /** How long a failed discovery is remembered before trying again, in milliseconds. */
  retryAfterMs?: number;
  /** Time-out of the check that the provider still answers, in milliseconds. */
  probeTimeoutMs?: number;
}

function isServerFailure(status: number | undefined): boolean {
  return status === undefined || status >= 500;
}

/** Sorts openid-client's errors into "the provider said no" and "the provider is not there". */
function classify(error: unknown): Error {
  if (error instanceof IdpRefusedError || error instanceof IdpUnavailableError) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new IdpRefusedError(error.error, { cause: error });
  }
  if (error instanceof client.ResponseBodyError) {
    return isServerFailure(error.status)
      ? new IdpUnavailableError(`the identity provider failed (${error.status})`, { cause: error })
      : new IdpRefusedError(error.error, { cause: error });
  }
  if (error instanceof TypeError) {
    return new IdpUnavailableError('the identity provider could not be reached', { cause: error });
  }
  if (error instanceof client.ClientError) {
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT') {
      return new IdpUnavailableError('the identity provider did not answer in time', {
        cause: error,
      });
    }
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
      const status = (error.cause as { status?: number } | undefined)?.status;
      if (isServerFailure(status)) {
        return new IdpUnavailableError(`the identity provider failed (${status ?? 'no status'})`, {
          cause: error,
        });
      }
    }
    return new IdpRefusedError('invalid_response', { cause: error });
  }
  return new IdpUnavailableError('the identity provider request failed', { cause: error });
}

function toTokenSet(
  response: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): TokenSet {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    idToken: response.id_token,
    expiresIn: response.expiresIn(),
    idClaims: response.claims() as Record<string, unknown> | undefined,
  };
}

/**
 * Discovery happens on first use and is cached; a failure is remembered for a few seconds so
 * that an unreachable provider does not slow every request, then tried again. Plain-http
 * issuers are allowed (the embedded demo IdP, Keycloak in tests); production uses https.
 */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  const retryAfterMs = options.retryAfterMs ?? 5000;
  const scope = options.scope ?? 'openid profile email';
  let configuration: client.Configuration | undefined;
  let pending: Promise<client.Configuration> | undefined;
  let failedAt = 0;
  let lastFailure: IdpUnavailableError | undefined;
  /** When the provider last answered (discovery or probe). */
  let answeredAt = 0;
  const discoveryUrl = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

  async function discover(): Promise<client.Configuration> {
    const metadata: Partial<client.ClientMetadata> = {
      [client.clockTolerance]: options.clockToleranceSeconds,
    };
    if (options.clientSecret) metadata.client_secret = options.clientSecret;
    const execute =
      new URL(options.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [];
    try {
      return await client.discovery(
        new URL(options.issuer),
        options.clientId,
        metadata,
        options.clientSecret ? client.ClientSecretPost(options.clientSecret) : client.None(),
        { execute, timeout: options.timeoutSeconds ?? 10 },
      );
    } catch (error) {
      throw new IdpUnavailableError(`OpenID discovery of ${options.issuer} failed`, {
        cause: error,
      });
    }
  }

  async function config(): Promise<client.Configuration> {
    if (configuration) return configuration;
    if (lastFailure && Date.now() - failedAt < retryAfterMs) throw lastFailure;
    pending ??= discover()
      .then((discovered) => {
        configuration = discovered;
        lastFailure = undefined;
        answeredAt = Date.now();
        return discovered;
      })
      .catch((error: unknown) => {
        failedAt = Date.now();
        lastFailure = error as IdpUnavailableError;
        throw error;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  /**
   * Discovery is cached, so a provider that went down later would only show up as the
   * browser's own connection error once it is sent there. Before sending a browser to the
   * provider, check that it still answers (unless it just did), so the portal can say so.
   */
  async function ensureAnswering(): Promise<void> {
    if (Date.now() - answeredAt < retryAfterMs) return;
    let status: number;
    try {
      const response = await fetch(discoveryUrl, {
        redirect: 'manual',
        signal: AbortSignal.timeout(options.probeTimeoutMs ?? 3000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      throw new IdpUnavailableError('the identity provider could not be reached', {
        cause: error,
      });
    }
    if (status >= 500) throw new IdpUnavailableError(`the identity provider failed (${status})`);
    answeredAt = Date.now();
  }

  return {
    issuer: options.issuer,

    async authorizationUrl(parameters) {
      const configuration = await config();
      await ensureAnswering();
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: options.redirectUri,
        scope,
        response_type: 'code',
        ...parameters,
      });
    },

    async exchangeCode(callbackUrl, checks) {
      const configuration = await config();
      try {
        return toTokenSet(
          await client.authorizationCodeGrant(configuration, callbackUrl, {
            pkceCodeVerifier: checks.codeVerifier,
            expectedState: checks.state,
            expectedNonce: checks.nonce,
            idTokenExpected: true,
          }),
        );
      } catch (error) {
        throw classify(error);
      }
    },

    async refresh(refreshToken) {
      const configuration = await config();
      try {
        return toTokenSet(await client.refreshTokenGrant(configuration, refreshToken));
      } catch (error) {
        throw classify(error);
      }
    },

    async endSessionUrl(postLogoutRedirectUri) {
      const configuration = await config();
      if (!configuration.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(configuration, {
        client_id: options.clientId,
        post_logout_redirect_uri: postLogoutRedirectUri,
      });
    },
  };
}

import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/**
 * Verifies bearer access tokens: asymmetric signatures only, against the issuer's published
 * keys (found by OpenID discovery, cached), exact issuer, expiry and not-before with a small
 * leeway, a subject, the portal as authorised party or audience, and access tokens only.
 */
export interface TokenVerifier {
  verify(token: string): Promise<JWTPayload>;
}

/** The token was refused; `reason` is safe to show (it never contains the token). */
export class InvalidTokenError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

/** The keys could not be fetched: the identity provider is unreachable or misconfigured. */
export class IssuerUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IssuerUnavailableError';
  }
}

export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

/**
 * Header `typ` values an access token may carry: RFC 9068's `at+jwt` (Keycloak with
 * "at+jwt" on, the demo IdP, most newer providers) or the generic `JWT` (Keycloak's default).
 * Anything else (`logout+jwt`, `secevent+jwt`, ...) is some other token.
 */
const ACCESS_TOKEN_HEADER_TYPES = new Set(['at+jwt', 'application/at+jwt']);
const GENERIC_HEADER_TYPES = new Set(['jwt', 'application/jwt']);

/**
 * Claims that only ID tokens carry (OpenID Connect Core 2, 3.3.2.11): a token with one of them
 * was issued to the portal to say who signed in, not to call its API.
 */
const ID_TOKEN_CLAIMS = ['nonce', 'at_hash', 'c_hash', 's_hash'];

export interface TokenVerifierOptions {
  issuer: string;
  clientId: string;
  clockToleranceSeconds: number;
  /**
   * Accept only tokens whose header `typ` is `at+jwt` (RFC 9068), for providers that mark their
   * access tokens so (`OIDC_REQUIRE_AT_JWT`). Otherwise `JWT` or no header `typ` is accepted too.
   */
  requireAtJwt?: boolean;
  /** Key source; by default the issuer's JWKS found through discovery. Tests pass a local set. */
  keys?: JWTVerifyGetKey;
  /** Time-out for discovery and key downloads, in milliseconds. */
  timeoutMs?: number;
  /** How long a failed discovery is remembered before trying again, in milliseconds. */
  retryAfterMs?: number;
}

interface Discovery {
  issuer?: unknown;
  jwks_uri?: unknown;
}

async function discoverJwksUri(issuer: string, timeoutMs: number): Promise<URL> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    throw new IssuerUnavailableError(`OpenID discovery at ${url} failed`, { cause: error });
  }
  if (!response.ok) {
    throw new IssuerUnavailableError(`OpenID discovery at ${url} answered ${response.status}`);
  }
  let document: Discovery;
  try {
    document = (await response.json()) as Discovery;
  } catch (error) {
    throw new IssuerUnavailableError(`OpenID discovery at ${url} is not JSON`, { cause: error });
  }
  if (document.issuer !== issuer) {
    throw new IssuerUnavailableError(
      `OpenID discovery at ${url} names issuer ${JSON.stringify(document.issuer)}, expected ${issuer}`,
    );
  }
  if (typeof document.jwks_uri !== 'string') {
    throw new IssuerUnavailableError(`OpenID discovery at ${url} has no jwks_uri`);
  }
  return new URL(document.jwks_uri);
}

function reasonFor(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf' || error.claim === 'iat') return 'the token is not valid yet';
    if (error.claim === 'iss') return 'the token comes from another issuer';
    return `the token's "${error.claim}" claim is missing or invalid`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the token algorithm is not allowed';
  if (error instanceof errors.JWKSNoMatchingKey) return 'the token signing key is unknown';
  if (error instanceof errors.JWKSMultipleMatchingKeys) return 'the token signing key is ambiguous';
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return 'the token signature is invalid';
  }
  return 'the token is malformed';
}

function isKeyFetchFailure(error: unknown): boolean {
  return (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    error instanceof IssuerUnavailableError ||
    (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC') ||
    error instanceof TypeError
  );
}

/**
 * Whether a verified JWT is an access token, as far as its provider says: the header `typ`, when
 * set, names an access token (only `at+jwt` with `requireAtJwt`); a `typ` claim, when set, is
 * Keycloak's `Bearer` (its ID, refresh, offline and logout tokens say `ID`, `Refresh`, `Offline`,
 * `Logout`); and no ID-token-only claim (`nonce`, `at_hash`, ...) is present, which catches the
 * ID tokens of providers that mark neither.
 */
export function isAccessToken(
  header: { typ?: unknown },
  payload: JWTPayload,
  requireAtJwt: boolean,
): boolean {
  const headerType = typeof header.typ === 'string' ? header.typ.toLowerCase() : undefined;
  if (header.typ !== undefined && headerType === undefined) return false;
  if (requireAtJwt) {
    if (headerType === undefined || !ACCESS_TOKEN_HEADER_TYPES.has(headerType)) return false;
  } else if (
    headerType !== undefined &&
    !ACCESS_TOKEN_HEADER_TYPES.has(headerType) &&
    !GENERIC_HEADER_TYPES.has(headerType)
  ) {
    return false;
  }
  if (payload.typ !== undefined) {
    if (typeof payload.typ !== 'string' || payload.typ.toLowerCase() !== 'bearer') return false;
  }
  return !ID_TOKEN_CLAIMS.some((claim) => payload[claim] !== undefined);
}

/** Verified tokens remembered at once, and for how long at most (expiry is always re-checked). */
const CACHE_SIZE = 2000;
const CACHE_MAX_AGE_MS = 5 * 60_000;

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  // Automation and busy pages send the same token many times: verifying an RSA signature costs
  // far more than a lookup, so a verified token's claims are kept until it expires (or 5 minutes).
  const verified = new Map<string, { payload: JWTPayload; until: number }>();
  const toleranceMs = options.clockToleranceSeconds * 1000;
  const timeoutMs = options.timeoutMs ?? 5000;
  const retryAfterMs = options.retryAfterMs ?? 10_000;
  let keys: JWTVerifyGetKey | undefined = options.keys;
  let pending: Promise<JWTVerifyGetKey> | undefined;
  let failedAt = 0;
  let lastFailure: IssuerUnavailableError | undefined;

  async function getKeys(): Promise<JWTVerifyGetKey> {
    if (keys) return keys;
    if (lastFailure && Date.now() - failedAt < retryAfterMs) throw lastFailure;
    pending ??= discoverJwksUri(options.issuer, timeoutMs)
      .then((jwksUri) => {
        keys = createRemoteJWKSet(jwksUri, {
          timeoutDuration: timeoutMs,
          cooldownDuration: 30_000,
          cacheMaxAge: 10 * 60_000,
        });
        lastFailure = undefined;
        return keys;
      })
      .catch((error: unknown) => {
        failedAt = Date.now();
        lastFailure =
          error instanceof IssuerUnavailableError
            ? error
            : new IssuerUnavailableError('OpenID discovery failed', { cause: error });
        throw lastFailure;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  return {
    async verify(token) {
      const cached = verified.get(token);
      if (cached) {
        if (Date.now() < cached.until) return cached.payload;
        verified.delete(token);
      }
      const payload = await verifyUncached(token);
      const expiresAt = (payload.exp ?? 0) * 1000 + toleranceMs;
      if (verified.size >= CACHE_SIZE) {
        // Drop the oldest entry (Maps keep insertion order).
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      verified.set(token, { payload, until: Math.min(expiresAt, Date.now() + CACHE_MAX_AGE_MS) });
      return payload;
    },
  };

  async function verifyUncached(token: string): Promise<JWTPayload> {
    const keySet = await getKeys();
    let payload: JWTPayload;
    let header: { typ?: unknown };
    try {
      ({ payload, protectedHeader: header } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        algorithms: ASYMMETRIC_ALGORITHMS,
        clockTolerance: options.clockToleranceSeconds,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (isKeyFetchFailure(error)) {
        throw new IssuerUnavailableError('The signing keys could not be fetched', {
          cause: error,
        });
      }
      throw new InvalidTokenError(reasonFor(error));
    }
    if (typeof payload.sub !== 'string' || payload.sub.trim() === '') {
      throw new InvalidTokenError('the token has no subject');
    }
    const audiences =
      typeof payload.aud === 'string'
        ? [payload.aud]
        : Array.isArray(payload.aud)
          ? payload.aud
          : [];
    // `azp` names the client the token was issued to: when present it must be the portal, even
    // if `aud` also lists the portal (a shared scope would put it there for other clients).
    // Without `azp`, `aud` must contain the portal.
    const issuedToPortal =
      payload.azp !== undefined
        ? payload.azp === options.clientId
        : audiences.includes(options.clientId);
    if (!issuedToPortal) {
      throw new InvalidTokenError('the token was not issued for this portal');
    }
    if (!isAccessToken(header, payload, options.requireAtJwt === true)) {
      throw new InvalidTokenError('only access tokens are accepted');
    }
    return payload;
  }
}

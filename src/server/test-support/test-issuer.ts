import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export const TEST_ISSUER = 'https://sso.test.example/realms/app-portal';
export const TEST_CLIENT_ID = 'app-portal';

export interface SignOptions {
  /** Header overrides (alg, kid, typ). */
  header?: Record<string, unknown>;
  /** Seconds from now; negative for the past. */
  expiresIn?: number;
  notBefore?: number;
  /** Claims to remove from the defaults. */
  omit?: string[];
  /** Sign with another key than the issuer's (kid kept unless overridden). */
  key?: CryptoKey;
}

let keys: ReturnType<typeof generateKeyPair> | undefined;

/**
 * The test issuers' RSA key pair, made once per test process: making one takes about 0.2 s, and
 * every test that builds an app makes an issuer. An issuer whose keys must differ from the others'
 * asks for its own (`ownKey`); a foreign key for one token is SignOptions.key.
 */
function issuerKeys(): ReturnType<typeof generateKeyPair> {
  return (keys ??= generateKeyPair('RS256', { extractable: true }));
}

/**
 * A local identity provider for tests: an RSA key whose public half is the JWKS the test app
 * trusts, and a signer for Keycloak-shaped access tokens.
 */
export async function createTestIssuer(issuer = TEST_ISSUER, options: { ownKey?: boolean } = {}) {
  const { privateKey, publicKey } = options.ownKey
    ? await generateKeyPair('RS256', { extractable: true })
    : await issuerKeys();
  const kid = 'test-key-1';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const jwks = { keys: [jwk] };

  async function sign(claims: JWTPayload = {}, options: SignOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      iss: issuer,
      sub: 'user-1',
      azp: TEST_CLIENT_ID,
      aud: 'account',
      typ: 'Bearer',
      iat: now,
      exp: now + (options.expiresIn ?? 300),
      ...(options.notBefore === undefined ? {} : { nbf: now + options.notBefore }),
      ...claims,
    };
    for (const claim of options.omit ?? []) delete payload[claim];
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT', ...options.header } as never)
      .sign(options.key ?? privateKey);
  }

  /** A token for a user with the given groups (Keycloak full paths allowed). */
  function tokenFor(subject: string, groups: unknown, extra: JWTPayload = {}) {
    return sign({
      sub: subject,
      preferred_username: subject,
      given_name: subject.charAt(0).toUpperCase() + subject.slice(1),
      name: subject,
      email: `${subject}@example.edu`,
      user_groups: groups,
      ...extra,
    });
  }

  return { issuer, jwks, keys: createLocalJWKSet(jwks), sign, tokenFor, kid };
}

export type TestIssuer = Awaited<ReturnType<typeof createTestIssuer>>;

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { base64url, generateKeyPair, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-support/test-app.js';
import { createTestIssuer } from '../test-support/test-issuer.js';
import { createTokenVerifier, IssuerUnavailableError } from './token-verifier.js';

let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestContext({ apps: [{ id: 'open', isPublic: true }] });
});
afterEach(async () => {
  await ctx.close();
});

async function me(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
}

async function expectRejected(token: string, reason: RegExp) {
  const response = await me(token);
  expect(response.statusCode).toBe(401);
  const challenge = response.headers['www-authenticate'];
  expect(challenge).toMatch(/^Bearer realm="app-portal", error="invalid_token"/);
  expect(challenge).toMatch(reason);
  expect(response.json()).toMatchObject({ status: 401, code: 'unauthorized', data: {} });
  expect(response.json().message).toMatch(reason);
  // Nothing was written for a refused token.
  const users = await ctx.db.selectFrom('kcUsers').selectAll().execute();
  expect(users).toEqual([]);
}

describe('bearer tokens', () => {
  it('accepts a valid access token and derives the user from it', async () => {
    const response = await me(await ctx.issuer.tokenFor('alice', ['/genomics']));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'alice', groups: ['genomics'] });
  });

  it('treats a missing header as anonymous', async () => {
    const apps = await ctx.app.inject({ method: 'GET', url: '/api/apps' });
    expect(apps.statusCode).toBe(200);
    const meResponse = await ctx.app.inject({ method: 'GET', url: '/api/me' });
    expect(meResponse.statusCode).toBe(401);
    expect(meResponse.headers['www-authenticate']).toBe('Bearer realm="app-portal"');
  });

  it('rejects a header that is not "Bearer <token>"', async () => {
    for (const authorization of ['Basic YWxpY2U6YWxpY2U=', 'Bearer', 'Bearer a b', 'bearer']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/apps',
        headers: { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
    }
  });

  it('rejects a bad signature', async () => {
    const token = await ctx.issuer.sign();
    const [header, payload, signature] = token.split('.');
    const flipped = signature!.startsWith('A')
      ? `B${signature!.slice(1)}`
      : `A${signature!.slice(1)}`;
    await expectRejected(`${header}.${payload}.${flipped}`, /signature is invalid/);
  });

  it('rejects a token signed by another key with the trusted kid', async () => {
    const other = await generateKeyPair('RS256');
    await expectRejected(
      await ctx.issuer.sign({}, { key: other.privateKey }),
      /signature is invalid/,
    );
  });

  it('rejects alg "none"', async () => {
    const header = base64url.encode(
      JSON.stringify({ alg: 'none', typ: 'JWT', kid: ctx.issuer.kid }),
    );
    const now = Math.floor(Date.now() / 1000);
    const payload = base64url.encode(
      JSON.stringify({ iss: ctx.issuer.issuer, sub: 'mallory', azp: 'app-portal', exp: now + 300 }),
    );
    await expectRejected(`${header}.${payload}.`, /algorithm is not allowed|malformed/);
  });

  it('rejects symmetric algorithms (HS256), even keyed with the public key', async () => {
    const jwk = ctx.issuer.jwks.keys[0]!;
    const secret = new TextEncoder().encode(JSON.stringify(jwk));
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      iss: ctx.issuer.issuer,
      sub: 'mallory',
      azp: 'app-portal',
      exp: now + 300,
    })
      .setProtectedHeader({ alg: 'HS256', kid: ctx.issuer.kid })
      .sign(secret);
    await expectRejected(token, /algorithm is not allowed/);
  });

  it('rejects an unknown kid', async () => {
    await expectRejected(
      await ctx.issuer.sign({}, { header: { kid: 'unknown-key' } }),
      /signing key is unknown/,
    );
  });

  it('rejects a token from another issuer', async () => {
    await expectRejected(
      await ctx.issuer.sign({ iss: 'https://evil.example/realms/app-portal' }),
      /another issuer/,
    );
  });

  it('rejects an expired token', async () => {
    await expectRejected(await ctx.issuer.sign({}, { expiresIn: -120 }), /expired/);
  });

  it('accepts a token expired within the clock leeway', async () => {
    const response = await me(await ctx.issuer.sign({}, { expiresIn: -5 }));
    expect(response.statusCode).toBe(200);
  });

  it('rejects a token that is not valid yet', async () => {
    await expectRejected(await ctx.issuer.sign({}, { notBefore: 600 }), /not valid yet/);
  });

  it('rejects a token for another client (azp and aud both elsewhere)', async () => {
    await expectRejected(
      await ctx.issuer.sign({ azp: 'other-client', aud: ['account', 'other-client'] }),
      /not issued for this portal/,
    );
  });

  it('rejects a token whose azp is another client even though aud contains the client id', async () => {
    await expectRejected(
      await ctx.issuer.sign({ azp: 'other-client', aud: ['account', 'app-portal'] }),
      /not issued for this portal/,
    );
  });

  it('accepts a token without azp whose aud contains the client id', async () => {
    const response = await me(
      await ctx.issuer.sign({ aud: ['account', 'app-portal'] }, { omit: ['azp'] }),
    );
    expect(response.statusCode).toBe(200);
  });

  it('accepts a token whose azp is the client id without an aud', async () => {
    const response = await me(await ctx.issuer.sign({}, { omit: ['aud'] }));
    expect(response.statusCode).toBe(200);
  });

  it('rejects an ID token (typ "ID")', async () => {
    await expectRejected(await ctx.issuer.sign({ typ: 'ID' }), /only access tokens/);
  });

  it('rejects a refresh token (typ "Refresh")', async () => {
    await expectRejected(await ctx.issuer.sign({ typ: 'Refresh' }), /only access tokens/);
  });

  it('rejects an offline token (typ "Offline")', async () => {
    await expectRejected(await ctx.issuer.sign({ typ: 'Offline' }), /only access tokens/);
  });

  // Only access tokens (decision 0024), whatever the provider.
  it.each([
    ['an ID token of a provider without typ claims (nonce)', { nonce: 'n-1' }],
    ['an ID token of a provider without typ claims (at_hash)', { at_hash: 'abc' }],
    ['a token with c_hash', { c_hash: 'abc' }],
    ['a logout token (typ "Logout")', { typ: 'Logout' }],
    ['a token with an unknown typ claim', { typ: 'Something' }],
    ['a token with a typ claim that is not text', { typ: ['Bearer'] }],
  ])('rejects %s', async (_label, claims) => {
    await expectRejected(await ctx.issuer.sign(claims), /only access tokens/);
  });

  it.each([['logout+jwt'], ['secevent+jwt'], ['id_token+jwt'], ['JOSE']])(
    'rejects a header typ %j',
    async (typ) => {
      await expectRejected(await ctx.issuer.sign({}, { header: { typ } }), /only access tokens/);
    },
  );

  it.each([['at+jwt'], ['application/at+jwt'], ['AT+JWT'], ['JWT']])(
    'accepts an access token with header typ %j',
    async (typ) => {
      const response = await me(await ctx.issuer.sign({}, { header: { typ } }));
      expect(response.statusCode).toBe(200);
    },
  );

  it('with OIDC_REQUIRE_AT_JWT, accepts only header typ at+jwt', async () => {
    const strict = await createTestContext({ env: { OIDC_REQUIRE_AT_JWT: 'true' } });
    try {
      const call = async (token: string) =>
        (await strict.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode;
      expect(await call(await strict.issuer.sign({}, { header: { typ: 'at+jwt' } }))).toBe(200);
      expect(await call(await strict.issuer.sign({}, { header: { typ: 'JWT' } }))).toBe(401);
      expect(await call(await strict.issuer.sign({}, { header: { typ: undefined } }))).toBe(401);
    } finally {
      await strict.close();
    }
  });

  it('rejects a token without sub', async () => {
    await expectRejected(await ctx.issuer.sign({}, { omit: ['sub'] }), /"?sub"? claim/);
  });

  it('rejects a token with an empty sub', async () => {
    await expectRejected(await ctx.issuer.sign({ sub: '   ' }), /no subject/);
  });

  it('rejects a token without exp', async () => {
    await expectRejected(await ctx.issuer.sign({}, { omit: ['exp'] }), /"?exp"? claim/);
  });

  it('rejects garbage', async () => {
    await expectRejected('not.a.jwt', /malformed|algorithm/);
  });

  it('never puts the token in the error', async () => {
    const token = await ctx.issuer.sign({}, { expiresIn: -3600 });
    const response = await me(token);
    expect(response.body).not.toContain(token);
    expect(String(response.headers['www-authenticate'])).not.toContain(token);
  });

  it('treats a groups claim of the wrong type as no groups, not an error', async () => {
    await ctx.seed([{ id: 'restricted', groups: ['genomics'] }]);
    for (const groups of [
      42,
      { genomics: true },
      'genomics-admin',
      null,
      // Checklist 20 and 26: neither a string nor a malformed entry grants the group.
      'genomics',
      '/genomics',
      ['genomics '],
      ['//genomics'],
      ['/genomics/team-a', '/Genomics', '/genomics-admin'],
    ]) {
      const token = await ctx.issuer.tokenFor('odd', groups);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/apps',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(
        response.json().items.map((a: { id: string }) => a.id),
        JSON.stringify(groups),
      ).toEqual(['open']);
    }
    const member = await ctx.issuer.tokenFor('member', ['/genomics']);
    const visible = await ctx.app.inject({
      method: 'GET',
      url: '/api/apps',
      headers: bearer(member),
    });
    expect(
      visible
        .json()
        .items.map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual(['open', 'restricted']);
  });
});

describe('discovery', () => {
  let server: Server;
  let baseUrl: string;
  let requests: string[];
  let issuer: Awaited<ReturnType<typeof createTestIssuer>>;

  beforeEach(async () => {
    requests = [];
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (req.url === '/slash/.well-known/openid-configuration') {
        res.end(
          JSON.stringify({ issuer: `${baseUrl}/slash/`, jwks_uri: `${baseUrl}/realms/test/certs` }),
        );
      } else if (req.url === '/realms/test/.well-known/openid-configuration') {
        res.end(
          JSON.stringify({
            issuer: `${baseUrl}/realms/test`,
            jwks_uri: `${baseUrl}/realms/test/certs`,
          }),
        );
      } else if (req.url === '/realms/test/certs') {
        res.end(JSON.stringify(issuer.jwks));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    issuer = await createTestIssuer(`${baseUrl}/realms/test`);
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('finds the keys through the discovery document and caches them', async () => {
    const verifier = createTokenVerifier({
      issuer: issuer.issuer,
      clientId: 'app-portal',
      clockToleranceSeconds: 30,
    });
    const token = await issuer.sign();
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'user-1' });
    await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'user-1' });
    expect(requests.filter((url) => url.endsWith('openid-configuration'))).toHaveLength(1);
    expect(requests.filter((url) => url.endsWith('/certs'))).toHaveLength(1);
  });

  it('accepts an issuer with a trailing slash when tokens and discovery name it exactly', async () => {
    const slashed = await createTestIssuer(`${baseUrl}/slash/`, { ownKey: true });
    // Same keys as the realm's JWKS served above.
    const verifier = createTokenVerifier({
      issuer: `${baseUrl}/slash/`,
      clientId: 'app-portal',
      clockToleranceSeconds: 30,
    });
    const token = await issuer.sign({ iss: `${baseUrl}/slash/` });
    await expect(verifier.verify(token)).resolves.toMatchObject({ iss: `${baseUrl}/slash/` });
    await expect(verifier.verify(await slashed.sign())).rejects.toThrow(/signature|unknown/);
  });

  it('refuses a discovery document that names another issuer', async () => {
    const verifier = createTokenVerifier({
      issuer: `${baseUrl}/realms/test/`,
      clientId: 'app-portal',
      clockToleranceSeconds: 30,
    });
    await expect(verifier.verify(await issuer.sign())).rejects.toBeInstanceOf(
      IssuerUnavailableError,
    );
  });

  it('reports an unreachable issuer without hammering it', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const verifier = createTokenVerifier({
      issuer: `http://127.0.0.1:${port}/realms/test`,
      clientId: 'app-portal',
      clockToleranceSeconds: 30,
      timeoutMs: 1000,
    });
    const token = await issuer.sign();
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(IssuerUnavailableError);
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(IssuerUnavailableError);
  });
});

describe('an unreachable identity provider', () => {
  it('does not stop anonymous requests; bearer requests get a clear 503', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const local = await createTestContext({
      env: { OIDC_ISSUER: `http://127.0.0.1:${port}/realms/gone` },
      deps: { verifier: undefined },
      apps: [{ id: 'open', isPublic: true }],
    });
    try {
      // Build a verifier for the unreachable issuer, as the app does without an injected one.
      const anonymous = await local.app.inject({ method: 'GET', url: '/api/apps' });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json().totalItems).toBe(1);
      const withToken = await local.app.inject({
        method: 'GET',
        url: '/api/apps',
        headers: bearer(await local.issuer.sign()),
      });
      expect(withToken.statusCode).toBe(503);
      expect(withToken.json()).toEqual({
        status: 503,
        code: 'service_unavailable',
        message: 'The identity provider is unavailable; try again shortly.',
        data: {},
      });
    } finally {
      await local.close();
    }
  });
});

describe('the verified-token cache', () => {
  it('still refuses a remembered token once it has expired', async () => {
    const issuer = await createTestIssuer();
    const verifier = createTokenVerifier({
      issuer: issuer.issuer,
      clientId: 'app-portal',
      clockToleranceSeconds: 0,
      keys: issuer.keys,
    });
    const token = await issuer.sign({}, { expiresIn: 60 });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'user-1' });
      vi.setSystemTime(Date.now() + 30_000);
      await expect(verifier.verify(token)).resolves.toMatchObject({ sub: 'user-1' });
      vi.setSystemTime(Date.now() + 61_000);
      await expect(verifier.verify(token)).rejects.toThrow(/expired/);
    } finally {
      vi.useRealTimers();
    }
  });
});

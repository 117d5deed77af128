import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOidcClient, IdpUnavailableError } from './oidc-client.js';

/** A provider that serves its discovery document, or `status` when set. */
async function startProvider() {
  const behaviour: { status: number | undefined; discoveries: number } = {
    status: undefined,
    discoveries: 0,
  };
  const server: Server = createServer((request, response) => {
    if (behaviour.status) {
      response.writeHead(behaviour.status).end();
      return;
    }
    behaviour.discoveries += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/test`;
  const metadata = {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/certs`,
    response_types_supported: ['code'],
  };
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { issuer, behaviour, stop };
}

describe('the OIDC client: is the provider still there?', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });

  async function setup() {
    const provider = await startProvider();
    cleanups.push(provider.stop);
    const oidc = createOidcClient({
      issuer: provider.issuer,
      clientId: 'app-portal',
      clientSecret: undefined,
      redirectUri: 'http://127.0.0.1:1/auth/callback',
      clockToleranceSeconds: 5,
      retryAfterMs: 0,
      probeTimeoutMs: 1000,
    });
    return { provider, oidc };
  }

  it('builds the authorization URL while the provider answers', async () => {
    const { provider, oidc } = await setup();
    const url = await oidc.authorizationUrl({ state: 's', nonce: 'n' });
    expect(url.href.startsWith(`${provider.issuer}/auth?`)).toBe(true);
    expect(url.searchParams.get('state')).toBe('s');
  });

  it('says "unavailable" when the provider fails or is gone after discovery', async () => {
    const { provider, oidc } = await setup();
    await oidc.authorizationUrl({ state: 's', nonce: 'n' });

    provider.behaviour.status = 503;
    await expect(oidc.authorizationUrl({ state: 's', nonce: 'n' })).rejects.toBeInstanceOf(
      IdpUnavailableError,
    );
    provider.behaviour.status = undefined;
    await expect(oidc.authorizationUrl({ state: 's', nonce: 'n' })).resolves.toBeInstanceOf(URL);

    await provider.stop();
    await expect(oidc.authorizationUrl({ state: 's', nonce: 'n' })).rejects.toBeInstanceOf(
      IdpUnavailableError,
    );
  });
});

// A local OpenID issuer for the benchmarks, on loopback: its discovery document and JWKS,
// nothing else, and tokens signed with its key (as a real identity provider would issue).
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { listen } from './bench.mjs';

/** Starts the issuer; resolves with its URL, a token maker and a close function. */
export async function startBenchIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url.endsWith('/.well-known/openid-configuration')) {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/certs` }));
    } else if (req.url.endsWith('/certs')) {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  issuer = `http://127.0.0.1:${await listen(server)}/realms/bench`;

  /** An access token for `sub` with the given groups and realm roles, valid for an hour. */
  async function tokenFor(sub, { groups = [], roles = [] } = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: issuer,
      sub,
      azp: 'app-portal',
      typ: 'Bearer',
      preferred_username: sub,
      user_groups: groups,
      realm_access: { roles },
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
  }

  return { issuer, tokenFor, close: () => server.close() };
}

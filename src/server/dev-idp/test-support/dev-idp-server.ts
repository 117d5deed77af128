import { freePort } from '../../../../scripts/lib/net.mjs';
import Fastify from 'fastify';
import { createDevIdp } from '../dev-idp.js';

/**
 * The embedded demo IdP on its own loopback server, signing people in to a portal at
 * `portalUrl` (which tests reach through app.inject): a real OpenID provider for flow tests.
 */
export async function startDevIdpServer(portalUrl: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const idp = createDevIdp({
    publicUrl: origin,
    portalUrl,
    clientId: 'app-portal',
    nodeEnv: 'test',
  });
  const app = Fastify();
  await app.register(idp.plugin);
  await app.listen({ port, host: '127.0.0.1' });
  return { issuer: idp.issuer, origin, close: () => app.close() };
}

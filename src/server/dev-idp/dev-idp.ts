import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { isLoopbackHost } from '../lib/loopback.js';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { describeError } from '../auth/oidc-client.js';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import {
  checkDemoCredentials,
  describeDemoUsers,
  findDemoUser,
  keycloakShapedClaims,
} from './demo-users.js';
import { errorPage, LOGOUT_SCRIPT, loginPage, logoutPage } from './login-page.js';
import { createMemoryStore } from './memory-store.js';

/** Where the demo IdP lives on the portal's own server; its issuer is `PUBLIC_URL` + this. */
export const DEV_IDP_PATH = '/dev-idp';

/** The audience of its JWT access tokens, so that bearer calls work against it too. */
const API_RESOURCE = 'urn:app-portal:api';
const API_SCOPE = 'portal';
const OIDC_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const MAX_FORM_BYTES = 16 * 1024;

/**
 * The demo IdP runs only for local development: main.ts prints this message and exits when
 * DEMO_IDP=true asks for it in production or on an address other machines can reach.
 */
export class DevIdpRefusedError extends Error {
  constructor(reason: string) {
    super(
      `DEMO_IDP=true, but the built-in demo identity provider refuses to run ${reason} (its ` +
        'accounts have well-known passwords, admin/admin is an admin). Set OIDC_ISSUER to your ' +
        'identity provider, e.g. https://sso.example.edu/realms/app-portal, and unset DEMO_IDP ' +
        '(see docs/auth.md).',
    );
    this.name = 'DevIdpRefusedError';
  }
}

/** Why the demo IdP may not run with this configuration, or undefined when it may. */
function refusal(options: { nodeEnv: string; host?: string; publicUrl: string }) {
  if (options.nodeEnv === 'production') return 'when NODE_ENV=production';
  if (options.host !== undefined && !isLoopbackHost(options.host)) {
    return `when HOST (${options.host}) is not a loopback address`;
  }
  if (!isLoopbackHost(new URL(options.publicUrl).hostname)) {
    return `when PUBLIC_URL (${options.publicUrl}) is not a loopback address`;
  }
  return undefined;
}

export interface DevIdpOptions {
  /** The portal's PUBLIC_URL: the IdP is mounted under it and redirects back to it. */
  publicUrl: string;
  clientId: string;
  nodeEnv: string;
  /** The address the server listens on (HOST); it must be a loopback one. */
  host?: string;
  /** Mount path; `/dev-idp` unless a test mounts it elsewhere. */
  path?: string;
  /** The portal it signs people in to, when not on the same server (tests). */
  portalUrl?: string;
}

export interface DevIdp {
  issuer: string;
  path: string;
  /** Routes of the IdP (discovery, authorization, token, login form, logout). */
  plugin: FastifyPluginAsync;
  /** Start-up lines naming the issuer and the demo accounts. */
  banner(): string;
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: `dev-${randomBytes(6).toString('hex')}`, alg: 'RS256', use: 'sig' };
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Grants every requested scope to the portal at once: it is the only (first-party) client, so
 * there is no consent screen, as with a Keycloak client that does not require consent.
 */
async function grantAll(ctx: KoaContextWithOIDC, accountId: string) {
  const { oidc } = ctx;
  const clientId = oidc.client?.clientId ?? '';
  const existingId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
  const existing = existingId ? await oidc.provider.Grant.find(existingId) : undefined;
  const grant = existing ?? new oidc.provider.Grant({ clientId, accountId });
  const scopes = [...oidc.requestParamScopes].filter((scope) => OIDC_SCOPES.has(scope));
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  grant.addResourceScope(API_RESOURCE, API_SCOPE);
  await grant.save();
  return grant;
}

/**
 * oidc-provider, loaded when the demo IdP starts: a server with its own identity provider never
 * holds it (about 40 MB of memory).
 */
const oidcProvider = () => import('oidc-provider');

/**
 * The embedded development OpenID provider (oidc-provider): three demo users with
 * Keycloak-shaped claims, a plain sign-in form and no consent screen. For `npm start` without
 * an `OIDC_ISSUER`; never in production.
 */
export function createDevIdp(options: DevIdpOptions): DevIdp {
  const refused = refusal(options);
  if (refused) throw new DevIdpRefusedError(refused);
  const path = options.path ?? DEV_IDP_PATH;
  const issuer = `${options.publicUrl}${path}`;
  const portalUrl = options.portalUrl ?? options.publicUrl;

  const configuration: Configuration = {
    adapter: createMemoryStore(),
    clients: [
      {
        client_id: options.clientId,
        client_name: 'App Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${portalUrl}/auth/callback`],
        post_logout_redirect_uris: [portalUrl],
      },
    ],
    async findAccount(_ctx, sub) {
      const user = findDemoUser(sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        // ID tokens say so, as Keycloak's do (`typ: "ID"`): never mistaken for an access token.
        claims: async (use) =>
          ({
            ...keycloakShapedClaims(user),
            ...(use === 'id_token' ? { typ: 'ID' } : {}),
          }) as never,
      };
    },
    // Keycloak puts groups and realm roles in every token, whatever the scope.
    claims: {
      openid: ['sub', 'user_groups', 'realm_access', 'typ'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    conformIdTokenClaims: false,
    jwks: { keys: [signingKey()] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      // Same origin as the portal: Lax suffices (and None would need https).
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    pkce: { methods: ['S256'], required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(form, `${path}/assets/logout.js`);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = errorPage('You are signed out.');
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => API_RESOURCE,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, indicator) {
          if (indicator !== API_RESOURCE) throw new (await oidcProvider()).errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: options.clientId,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 5 * MINUTE,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // Keycloak-shaped access tokens: the same claims as the ID token, and the portal as `azp`.
    async extraTokenClaims(_ctx, token) {
      const user = 'accountId' in token ? findDemoUser(token.accountId) : undefined;
      if (!user) return undefined;
      const { sub: _sub, ...claims } = keycloakShapedClaims(user);
      return { ...claims, azp: options.clientId, typ: 'Bearer' };
    },
    interactions: { url: async (_ctx, interaction) => `${path}/interaction/${interaction.uid}` },
    loadExistingGrant: async (ctx) =>
      ctx.oidc.session?.accountId ? grantAll(ctx, ctx.oidc.session.accountId) : undefined,
    // Refresh tokens without `offline_access`, as Keycloak does.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: 5 * MINUTE,
      AuthorizationCode: MINUTE,
      IdToken: 5 * MINUTE,
      RefreshToken: 8 * HOUR,
      Interaction: HOUR,
      Session: 8 * HOUR,
      Grant: 8 * HOUR,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(
        typeof out.error_description === 'string' ? out.error_description : 'Sign-in failed.',
      );
    },
  };

  const plugin: FastifyPluginAsync = async (app) => {
    const { default: Provider } = await oidcProvider();
    const provider = new Provider(issuer, configuration);
    // Never trust X-Forwarded-* headers: the demo IdP only serves this machine, directly.
    provider.proxy = false;
    const callback = provider.callback();
    provider.on('server_error', (_ctx: unknown, error: unknown) => {
      app.log.error({ cause: describeError(error) }, 'demo identity provider error');
    });
    // Loopback only, whatever the listening address: judged by the socket's peer, never by
    // forwarded headers.
    app.addHook('onRequest', async (request, reply) => {
      if (!isLoopbackHost(request.raw.socket.remoteAddress ?? '')) {
        return reply
          .code(404)
          .send({ status: 404, code: 'not_found', message: 'Not found.', data: {} });
      }
    });
    // oidc-provider and the sign-in form read request bodies themselves.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    // Not the portal's API: the demo provider's pages and oidc-provider's protocol endpoints,
    // which its discovery document describes (`${path}/.well-known/openid-configuration`). The
    // API document (/api/docs) leaves them out, so it reads the same with or without them.
    const hide = { schema: { hide: true } };

    app.get(`${path}/assets/logout.js`, hide, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(LOGOUT_SCRIPT),
    );

    const interaction = async (request: FastifyRequest, reply: FastifyReply, error?: string) => {
      let details;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(errorPage('This sign-in has expired. Go back to the portal and sign in again.'));
      }
      const uid = details.uid;
      return reply
        .code(error ? 401 : 200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          loginPage({
            action: `${path}/interaction/${uid}/login`,
            abortAction: `${path}/interaction/${uid}/abort`,
            clientName: 'App Portal',
            error,
          }),
        );
    };

    app.get(`${path}/interaction/:uid`, hide, (request, reply) => interaction(request, reply));

    app.post(`${path}/interaction/:uid/login`, hide, async (request, reply) => {
      const form = await readForm(request.raw);
      const user = checkDemoCredentials(form.get('username') ?? '', form.get('password') ?? '');
      if (!user) return interaction(request, reply, 'Invalid username or password.');
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: user.id, remember: false } },
        { mergeWithLastSubmission: false },
      );
    });

    app.post(`${path}/interaction/:uid/abort`, hide, async (request, reply) => {
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
    });

    // Everything else is oidc-provider's, with the mount path taken off the URL.
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? path;
      raw.originalUrl = url;
      const rest = url.slice(path.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      callback(raw, reply.raw);
    };
    app.all(path, hide, forward);
    app.all(`${path}/*`, hide, forward);
  };

  return {
    issuer,
    path,
    plugin,
    banner() {
      const rule = '!'.repeat(72);
      return [
        rule,
        `WARNING: DEMO_IDP=true. Sign-in uses the built-in DEMO identity provider at ${issuer}`,
        'Anyone who can reach it can sign in with these well-known accounts (development only;',
        'set OIDC_ISSUER to use your own provider and unset DEMO_IDP). Demo accounts:',
        ...describeDemoUsers().map((line) => `  ${line}`),
        rule,
      ].join('\n');
    },
  };
}

/**
 * Who signs people in: the configured `OIDC_ISSUER`; else, only with `DEMO_IDP=true`, the demo
 * IdP on this server (the returned config then points at it); else nobody (sign-in is not
 * configured, the public catalog is still served). Throws DevIdpRefusedError when the demo IdP
 * is asked for in production or on a non-loopback address.
 */
export function resolveIdentityProvider<
  C extends {
    publicUrl: string;
    host: string;
    nodeEnv: string;
    demoIdp: boolean;
    oidc: {
      issuer: string | undefined;
      clientId: string;
      clientSecret: string | undefined;
      requireAtJwt: boolean;
    };
  },
>(config: C): { config: C; devIdp: DevIdp | undefined } {
  if (config.oidc.issuer || !config.demoIdp) return { config, devIdp: undefined };
  const devIdp = createDevIdp({
    publicUrl: config.publicUrl,
    clientId: config.oidc.clientId,
    nodeEnv: config.nodeEnv,
    host: config.host,
  });
  return {
    // Its access tokens are RFC 9068 JWTs (header typ at+jwt): accept nothing else from it.
    config: {
      ...config,
      oidc: { ...config.oidc, issuer: devIdp.issuer, clientSecret: undefined, requireAtJwt: true },
    },
    devIdp,
  };
}

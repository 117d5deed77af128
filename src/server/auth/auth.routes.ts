import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dataThemeOf, parseTheme, THEME_COOKIE } from '../../shared/theme/theme.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorSchema } from '../../shared/api/schemas.js';
import type { Language } from '../../shared/i18n/languages.js';
import type { Translate } from '../i18n/translator.js';
import type { AuthCookie, AuthCookies } from './auth-cookies.js';
import {
  AUTH_MESSAGES,
  describeSignInError,
  SIGN_IN_PROBLEM_CODES,
  SILENT_SCRIPT,
  SILENT_SCRIPT_PATH,
  signInProblemPage,
  silentResultPage,
  type PageTexts,
  type SignInProblem,
  type SilentResult,
} from './auth-pages.js';
import { describeError, IdpUnavailableError, type OidcClient } from './oidc-client.js';
import { safeReturnTo } from './return-to.js';
import { isSameOriginRequest } from './same-origin.js';
import { newSecret } from './secrets.js';
import { CrossSiteRequestError } from './session-authenticator.js';
import { SignInError, type SignInService } from './sign-in.service.js';

export interface AuthRoutesOptions {
  /** Undefined when no identity provider is configured: sign-in answers 503. */
  signIn: SignInService | undefined;
  oidc: OidcClient | undefined;
  cookies: AuthCookies;
  publicUrl: string;
  /** Called with `success` or the failure of each finished callback (metrics). */
  onSignIn?: (outcome: string) => void;
  /** The `server` catalog's texts per language, for the pages (createTranslators). */
  texts: (language: Language) => Translate;
}

/** Errors of a prompt=none check that just mean "nobody is signed in at the provider". */
const SILENT_ANONYMOUS = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
]);

export const LogoutResultSchema = Type.Object(
  {
    redirectTo: Type.String({
      description: "Where the browser goes next: the provider's end-session page, or the portal.",
    }),
  },
  { additionalProperties: false },
);

const ReturnToQuerySchema = Type.Object({
  returnTo: Type.Optional(
    Type.String({ description: 'A path on the portal to come back to; anything else means `/`.' }),
  ),
});

function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/**
 * A sign-in problem: the one JSON error body for API clients (English message, stable code), a
 * page in the visitor's language with a way back for people.
 */
function problem(
  request: FastifyRequest,
  reply: FastifyReply,
  texts: (request: FastifyRequest) => PageTexts,
  status: number,
  which: SignInProblem,
  returnTo = '/',
  data: Record<string, unknown> = {},
) {
  void reply.code(status).header('cache-control', 'no-store');
  if (wantsJson(request)) {
    const code = SIGN_IN_PROBLEM_CODES[which];
    return reply.send({ status, code, message: AUTH_MESSAGES[which], data });
  }
  // In the visitor's chosen theme (the theme cookie; an unknown value follows the system).
  const theme = dataThemeOf(parseTheme(request.cookies[THEME_COOKIE]));
  return reply
    .type('text/html; charset=utf-8')
    .send(signInProblemPage(which, returnTo, texts(request), theme));
}

function silent(reply: FastifyReply, result: SilentResult, texts: PageTexts) {
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(silentResultPage(result, texts));
}

/**
 * Browser sign-in through the server (backend-for-frontend):
 * - `GET /auth/login?returnTo=/path` starts a sign-in at the provider;
 * - `GET /auth/silent` starts a prompt=none check, for a hidden frame of the SPA;
 * - `GET /auth/callback` finishes either (one redirect URI for both);
 * - `POST /auth/logout` ends the session and sends the browser to the provider's logout.
 */
export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const { signIn, oidc, cookies, publicUrl, onSignIn = () => {} } = options;
  /** The server's texts in the request's language (cookie, claim, Accept-Language, default). */
  const texts = (request: FastifyRequest): PageTexts => {
    const language = request.language;
    return { language, t: options.texts(language) };
  };
  const portalOrigin = new URL(publicUrl).origin;
  const hide = { hide: true };

  // A sign-out form posts an empty urlencoded body; it carries nothing the server reads.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  /**
   * The browser's key (cookie) for a sign-in or for the silent check, created on the first of
   * them in this browser.
   */
  function browserKey(request: FastifyRequest, reply: FastifyReply, cookie: AuthCookie): string {
    const existing = request.cookies[cookie.name];
    const key = existing && existing.length >= 32 ? existing : newSecret();
    void reply.setCookie(cookie.name, key, cookie.options);
    return key;
  }

  app.get(
    '/auth/login',
    {
      schema: {
        ...hide,
        tags: ['auth'],
        summary: 'Starts a sign-in at the identity provider, then comes back to `returnTo`.',
        querystring: ReturnToQuerySchema,
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      if (!signIn) return problem(request, reply, texts, 503, 'notConfigured', returnTo);
      try {
        const url = await signIn.begin({
          mode: 'login',
          returnTo,
          browserKey: browserKey(request, reply, cookies.signIn),
          client: request.ip,
          // The provider's sign-in page in the portal's language (OIDC `ui_locales`).
          uiLocales: request.language,
        });
        return reply.header('cache-control', 'no-store').redirect(url.href, 303);
      } catch (error) {
        if (!(error instanceof IdpUnavailableError)) throw error;
        request.log.warn({ cause: describeError(error) }, 'sign-in could not start');
        return problem(request, reply, texts, 503, 'unavailable', returnTo);
      }
    },
  );

  app.get(
    '/auth/silent',
    { schema: { ...hide, tags: ['auth'], summary: 'Starts a silent (prompt=none) check.' } },
    async (request, reply) => {
      if (!signIn) return silent(reply, 'unavailable', texts(request));
      if (request.principal) return silent(reply, 'signed-in', texts(request));
      try {
        const url = await signIn.begin({
          mode: 'silent',
          returnTo: '/',
          browserKey: browserKey(request, reply, cookies.silentSignIn),
          client: request.ip,
        });
        return reply.header('cache-control', 'no-store').redirect(url.href, 303);
      } catch (error) {
        if (!(error instanceof IdpUnavailableError)) throw error;
        request.log.warn({ cause: describeError(error) }, 'silent check could not start');
        return silent(reply, 'unavailable', texts(request));
      }
    },
  );

  app.get(SILENT_SCRIPT_PATH, { schema: hide }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(SILENT_SCRIPT),
  );

  app.get(
    '/auth/callback',
    { schema: { ...hide, tags: ['auth'], summary: "The identity provider's redirect back." } },
    async (request, reply) => {
      if (!signIn) return problem(request, reply, texts, 503, 'notConfigured');
      const callbackUrl = new URL(request.url, `${publicUrl}/`);
      try {
        const result = await signIn.complete({
          callbackUrl,
          browserKey: (mode) =>
            request.cookies[(mode === 'silent' ? cookies.silentSignIn : cookies.signIn).name],
        });
        // A fresh session id on every sign-in; any older session of this browser ends.
        const previous = request.cookies[cookies.session.name];
        if (previous) await signIn.end(previous);
        void reply.setCookie(cookies.session.name, result.secret, cookies.session.options);
        onSignIn('success');
        if (result.mode === 'silent') return silent(reply, 'signed-in', texts(request));
        return reply.header('cache-control', 'no-store').redirect(result.returnTo, 303);
      } catch (error) {
        if (!(error instanceof SignInError)) throw error;
        onSignIn(error.failure);
        const inFrame =
          error.mode === 'silent' ||
          (error.mode === undefined && request.headers['sec-fetch-dest'] === 'iframe');
        if (error.failure !== 'refused' || !SILENT_ANONYMOUS.has(error.code ?? '')) {
          request.log.warn(
            {
              failure: error.failure,
              code: error.code,
              mode: error.mode,
              cause: describeError(error.cause),
            },
            'sign-in callback refused',
          );
        }
        if (inFrame) {
          if (error.failure === 'unavailable') return silent(reply, 'unavailable', texts(request));
          if (error.failure === 'refused' && SILENT_ANONYMOUS.has(error.code ?? '')) {
            return silent(reply, 'anonymous', texts(request));
          }
          return silent(reply, 'error', texts(request));
        }
        // The person chose "cancel" at the provider: back where they were, still signed out.
        if (error.failure === 'refused' && error.code === 'access_denied') {
          return reply.header('cache-control', 'no-store').redirect(error.returnTo, 303);
        }
        const { status, problem: which } = describeSignInError(error);
        return problem(request, reply, texts, status, which, error.returnTo, {
          reason: error.failure,
          ...(error.code ? { code: error.code } : {}),
        });
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'signOut',
        tags: ['auth'],
        summary:
          "Ends the portal session; answers (JSON) or redirects (form) to the provider's logout.",
        response: { 200: LogoutResultSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      // Even without a session: a cross-site page must not sign people out of the provider.
      if (!isSameOriginRequest(request.headers, portalOrigin)) throw new CrossSiteRequestError();
      void reply.header('cache-control', 'no-store');
      // Nothing of the session stays in the browser's HTTP cache (logos of non-public apps are
      // kept privately for an hour). The service worker's cache holds nothing personal anyway.
      void reply.header('clear-site-data', '"cache"');
      const secret = request.cookies[cookies.session.name];
      if (secret && signIn) await signIn.end(secret);
      void reply.clearCookie(cookies.session.name, cookies.session.options);

      let redirectTo = `${publicUrl}/`;
      if (oidc) {
        try {
          // `client_id` and the registered `post_logout_redirect_uri`,
          // never `id_token_hint`: a token in a URL stays in browser history and provider logs.
          // Without the hint, the provider may ask the user to confirm (Keycloak does).
          const url = await oidc.endSessionUrl(publicUrl);
          if (url) redirectTo = url.href;
        } catch (error) {
          request.log.warn(
            { cause: describeError(error) },
            'sign-out: identity provider unavailable',
          );
        }
      }
      if (wantsJson(request)) return { redirectTo };
      return reply.redirect(redirectTo, 303);
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import {
  THEME_COOKIE,
  THEME_COOKIE_MAX_AGE,
  THEME_PATH,
  THEMES,
} from '../../shared/theme/theme.js';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LANGUAGE_PATH,
  LANGUAGES,
} from '../../shared/i18n/languages.js';
import {
  DENSITIES,
  DENSITY_COOKIE,
  DENSITY_COOKIE_MAX_AGE,
  DENSITY_PATH,
} from '../../shared/density/density.js';
import { BadRequestError } from '../http/errors.js';
import { safeReturnTo } from '../auth/return-to.js';
import { isSameOriginRequest } from '../auth/same-origin.js';
import { CrossSiteRequestError } from '../auth/session-authenticator.js';

/** The forms' fields: the choice and where to go back to; a few hundred bytes at most. */
const MAX_FORM_BYTES = 4096;

function field(form: URLSearchParams, name: string): string | undefined {
  return form.get(name) ?? undefined;
}

/**
 * The visitor's preferences, kept in cookies that the server reads to render the page:
 * - `POST /theme`: the theme menu's form without JavaScript (with JavaScript the page writes the
 *   same cookie itself): the `theme` cookie.
 * - `POST /language`: the language menu's form, with or without JavaScript: the `lang` cookie
 *   (docs/i18n.md). The page is rendered in the new language when the browser comes back.
 * - `POST /density`: the home page's view switch without JavaScript (with it the page writes the
 *   cookie itself): the `density` cookie, `comfortable` or `compact` (docs/web.md, "Density").
 * The cookies are not HttpOnly (the page's script reads them), SameSite=Lax, kept a year; every
 * form sends the browser back to `returnTo` (a path on this portal only, as after sign-in).
 * Refused from other sites, like every state change; an unknown value is a 400 and sets nothing.
 */
export const preferenceRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  const portalOrigin = new URL(publicUrl).origin;
  const secure = new URL(publicUrl).protocol === 'https:';

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  /** One preference form: `name` must be one of `choices`; the cookie keeps it a year. */
  const preference = (
    path: string,
    name: string,
    cookie: string,
    choices: readonly string[],
    maxAge: number,
  ) =>
    app.post(path, { schema: { hide: true } }, async (request, reply) => {
      if (!isSameOriginRequest(request.headers, portalOrigin)) throw new CrossSiteRequestError();
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const value = field(form, name);
      if (value === undefined || !choices.includes(value)) {
        throw new BadRequestError(`${name} must be one of: ${choices.join(', ')}`);
      }
      void reply.setCookie(cookie, value, {
        path: '/',
        sameSite: 'lax',
        secure,
        httpOnly: false,
        maxAge,
      });
      return reply
        .header('cache-control', 'no-store')
        .redirect(safeReturnTo(field(form, 'returnTo')), 303);
    });

  preference(THEME_PATH, 'theme', THEME_COOKIE, THEMES, THEME_COOKIE_MAX_AGE);
  preference(LANGUAGE_PATH, 'language', LANGUAGE_COOKIE, LANGUAGES, LANGUAGE_COOKIE_MAX_AGE);
  preference(DENSITY_PATH, 'density', DENSITY_COOKIE, DENSITIES, DENSITY_COOKIE_MAX_AGE);
};

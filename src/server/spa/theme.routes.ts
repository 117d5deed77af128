import type { FastifyPluginAsync } from 'fastify';
import {
  THEME_COOKIE,
  THEME_COOKIE_MAX_AGE,
  THEME_PATH,
  THEMES,
  type Theme,
} from '../../shared/theme/theme.js';
import { BadRequestError } from '../http/errors.js';
import { safeReturnTo } from '../auth/return-to.js';
import { isSameOriginRequest } from '../auth/same-origin.js';
import { CrossSiteRequestError } from '../auth/session-authenticator.js';

/** The form's fields: `theme` and where to go back to; a few hundred bytes at most. */
const MAX_FORM_BYTES = 4096;

function field(form: URLSearchParams, name: string): string | undefined {
  return form.get(name) ?? undefined;
}

/**
 * `POST /theme`: the theme menu's form without JavaScript (with JavaScript the page writes the
 * same cookie itself). Sets the `theme` cookie (not HttpOnly: the page's script reads and
 * writes it too; SameSite=Lax, a year) and sends the browser back to `returnTo` (a path on
 * this portal only, as after sign-in). Refused from other sites, like every state change; an
 * unknown theme is a 400 and sets nothing.
 */
export const themeRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (
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

  app.post(THEME_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!isSameOriginRequest(request.headers, portalOrigin)) throw new CrossSiteRequestError();
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const theme = field(form, 'theme');
    if (!THEMES.includes(theme as Theme)) {
      throw new BadRequestError(`theme must be one of: ${THEMES.join(', ')}`);
    }
    void reply.setCookie(THEME_COOKIE, theme as Theme, {
      path: '/',
      sameSite: 'lax',
      secure,
      httpOnly: false,
      maxAge: THEME_COOKIE_MAX_AGE,
    });
    return reply
      .header('cache-control', 'no-store')
      .redirect(safeReturnTo(field(form, 'returnTo')), 303);
  });
};

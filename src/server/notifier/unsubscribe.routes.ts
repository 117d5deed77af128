import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { htmlPage } from '../auth/html.js';
import type { Db } from '../db/database.js';
import type { Translate } from '../i18n/translator.js';
import { escapeHtml } from '../lib/escape-html.js';
import type { Language } from '../../shared/i18n/languages.js';
import {
  checkUnsubscribeToken,
  useUnsubscribeToken,
  type UnsubscribeOutcome,
} from './unsubscribe.js';

/** The one-click body and a token: a few hundred bytes at most. */
const MAX_FORM_BYTES = 4096;

export interface UnsubscribeRoutesOptions {
  db: Db;
  texts: (language: Language) => Translate;
  now: () => number;
  /** The time of writes (ISO 8601), as the audit log keeps it. */
  clock: () => string;
}

/**
 * One-click unsubscribe (RFC 8058; docs/notifications.md, "Messages"), without sign-in:
 * - `GET /unsubscribe?token=` shows a page with a button; it changes nothing (mail scanners open
 *   links).
 * - `POST /unsubscribe` (token in the query or the form; a mail client's one-click body is
 *   `List-Unsubscribe=One-Click`) turns the person's e-mail channel off.
 *
 * Registered outside the portal scope on purpose (app.ts): the session authenticator there
 * refuses every cross-site POST that carries the session cookie, and a mail client posts from
 * its own site. This route needs no session and no same-origin check: the token alone, random
 * and single-use, is the authority, and all it can do is stop mails.
 */
export const unsubscribeRoutes: FastifyPluginAsync<UnsubscribeRoutesOptions> = async (
  app,
  options,
) => {
  const parseForm = (_request: unknown, body: string, done: (e: null, v: unknown) => void) =>
    done(null, new URLSearchParams(body));
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (request, body, done) => parseForm(request, body as string, done),
  );
  // RFC 8058 allows multipart too: its fields are not needed (the token is in the URL).
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_request, _body, done) => done(null, new URLSearchParams()),
  );

  const page = (
    reply: FastifyReply,
    status: number,
    language: Language,
    body: (t: Translate) => string,
  ) => {
    const t = options.texts(language);
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(
        htmlPage({
          title: t('notify.page.title'),
          language,
          body: `<main><h1>${escapeHtml(t('notify.page.title'))}</h1>${body(t)}</main>`,
        }),
      );
  };
  const settingsLink = (t: Translate) =>
    `<p><a href="/settings">${escapeHtml(t('notify.page.settings'))}</a></p>`;
  const outcomePage = (reply: FastifyReply, language: Language, outcome: UnsubscribeOutcome) =>
    page(reply, outcome === 'invalid' || outcome === 'expired' ? 400 : 200, language, (t) => {
      const text =
        outcome === 'unsubscribed'
          ? t('notify.page.done')
          : outcome === 'already'
            ? t('notify.page.already')
            : outcome === 'expired'
              ? t('notify.page.expired')
              : t('notify.page.invalid');
      return `<p>${escapeHtml(text)}</p>${settingsLink(t)}`;
    });

  const querySchema = {
    type: 'object',
    properties: { token: { type: 'string', maxLength: 200 } },
  } as const;

  app.get<{ Querystring: { token?: string } }>(
    '/unsubscribe',
    { schema: { hide: true, querystring: querySchema } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const state = await checkUnsubscribeToken(options.db, token, options.now());
      if (state !== 'valid') return outcomePage(reply, request.language, state);
      return page(
        reply,
        200,
        request.language,
        (t) =>
          `<p>${escapeHtml(t('notify.page.confirm'))}</p>` +
          `<form method="post" action="/unsubscribe">` +
          `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
          `<button type="submit">${escapeHtml(t('notify.page.button'))}</button></form>` +
          settingsLink(t),
      );
    },
  );

  app.post<{ Querystring: { token?: string } }>(
    '/unsubscribe',
    { schema: { hide: true, querystring: querySchema } },
    async (request, reply) => {
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const token = request.query.token ?? form.get('token') ?? '';
      const outcome = await useUnsubscribeToken(options.db, token, options.now(), options.clock());
      return outcomePage(reply, request.language, outcome);
    },
  );
};

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseLanguage, LANGUAGE_COOKIE, type Language } from '../../shared/i18n/languages.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language to answer in (`requestLanguage` with the portal's DEFAULT_LANGUAGE), read when
     * asked: inside the portal's scope it sees the signed-in user's `locale` claim.
     */
    readonly language: Language;
  }
}

/**
 * The language to answer this request in (docs/i18n.md): the `lang` cookie (an explicit
 * choice), the signed-in user's `locale` claim, Accept-Language, then DEFAULT_LANGUAGE.
 * `request.principal` is set only inside the portal's scope (after authentication).
 */
export function requestLanguage(request: FastifyRequest, fallback: Language): Language {
  return chooseLanguage({
    cookie: request.cookies?.[LANGUAGE_COOKIE],
    claim: request.principal?.locale,
    acceptLanguage: request.headers['accept-language'],
    fallback,
  });
}

/**
 * Gives every request its `language`, so that routes need not be handed the default language
 * one by one (registered once, in app.ts).
 */
export const visitorLanguage = fp<{ defaultLanguage: Language }>(
  async (app, { defaultLanguage }) => {
    app.decorateRequest('language', {
      getter(this: FastifyRequest) {
        return requestLanguage(this, defaultLanguage);
      },
    });
  },
  { name: 'visitor-language' },
);

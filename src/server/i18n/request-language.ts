import type { FastifyRequest } from 'fastify';
import { chooseLanguage, LANGUAGE_COOKIE, type Language } from '../../shared/i18n/languages.js';

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

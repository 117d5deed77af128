import { ApiRequestError } from './api-client.js';
import type { Locale } from './i18n.js';

/**
 * What to tell people when a request failed, in their language (docs/i18n.md): the `errors`
 * catalog's text for the answer's `code` (`errors.code.<code>`) when it has one, else a text for
 * the kind of failure (no answer, cancelled, not found, anything else). The server's own message
 * stays English for machines and logs; it is never shown translated by guesswork.
 */
export function errorText(locale: Locale, error: unknown): string {
  const { t } = locale;
  if (error instanceof ApiRequestError) {
    if (error.isAbort) return t('errors.cancelled');
    const code = error.code;
    if (code && locale.has(`errors.code.${code}`)) return t(`errors.code.${code}`);
    if (error.status === 0) return t('errors.network');
    if (error.status === 404) return t('errors.notFound');
  }
  return t('errors.generic');
}

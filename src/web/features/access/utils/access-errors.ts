import { ApiRequestError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/error-text.js';
import type { Locale } from '../../../lib/i18n.js';

/**
 * What a person reads when a request, a withdrawal or a decision fails, in their language: the
 * `errors` catalog's text for the answer's code (error-text.ts), except for a 404, which says
 * what it means for this action.
 */
export function accessErrorMessage(
  locale: Locale,
  error: unknown,
  action: 'request' | 'withdraw' | 'decide' | 'load',
): string {
  if (error instanceof ApiRequestError && !error.isAbort && error.status === 404) {
    return action === 'request'
      ? locale.t('access.error.notRequestable')
      : locale.t('access.error.requestGone');
  }
  return errorText(locale, error);
}

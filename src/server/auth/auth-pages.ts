import type { Language } from '../../shared/i18n/languages.js';
import type { Translate } from '../i18n/translator.js';
import { escapeHtml, htmlPage } from './html.js';
import type { SignInError } from './sign-in.service.js';

/** What the hidden silent-check frame reports to the portal page that opened it. */
export type SilentResult = 'signed-in' | 'anonymous' | 'unavailable' | 'error';

/** Path of the script of the silent-check result page (an external file: the CSP has no inline). */
export const SILENT_SCRIPT_PATH = '/auth/silent.js';

/** The postMessage `type` the SPA listens for. */
export const SILENT_MESSAGE_TYPE = 'app-portal:silent-sso';

/**
 * Posts `{type, result}` to the parent page, only if the parent has the portal's origin (the
 * frame is served from that origin, so `location.origin` is it).
 */
export const SILENT_SCRIPT = `(function () {
  var marker = document.querySelector('[data-silent-sso]');
  var result = marker ? marker.getAttribute('data-silent-sso') : 'error';
  if (window.parent && window.parent !== window) {
    window.parent.postMessage({ type: '${SILENT_MESSAGE_TYPE}', result: result }, window.location.origin);
  }
})();
`;

/** The server's texts in one language (the `server` catalog), and that language. */
export interface PageTexts {
  language: Language;
  t: Translate;
}

export function silentResultPage(result: SilentResult, { language, t }: PageTexts): string {
  return htmlPage({
    title: t('authPage.silent.title'),
    language,
    scripts: [SILENT_SCRIPT_PATH],
    body: `<main data-silent-sso="${escapeHtml(result)}"><p>${escapeHtml(t('authPage.silent.done'))} <a href="/">${escapeHtml(t('authPage.silent.toPortal'))}</a></p></main>`,
  });
}

/** The English messages of the sign-in problems (JSON answers and logs); pages translate them. */
export const AUTH_MESSAGES = {
  notConfigured: 'Sign-in is not configured on this portal.',
  unavailable: 'The sign-in service is unavailable right now. Please try again in a moment.',
  unknownState:
    'This sign-in link is not valid: it was already used, or it was not started from this portal. Please sign in again.',
  expired: 'This sign-in took too long and has expired. Please sign in again.',
  otherBrowser: 'This sign-in was started in another browser. Please sign in again from this one.',
  refused: 'The identity provider did not complete the sign-in. Please sign in again.',
  crossSite:
    "This request was refused because it did not come from the portal's own pages. Reload the portal and try again.",
} as const;

/** A sign-in problem a person may meet (the keys of AUTH_MESSAGES but the cross-site refusal). */
export type SignInProblem = Exclude<keyof typeof AUTH_MESSAGES, 'crossSite'>;

/** The stable code of each problem in JSON answers (`errors.code.<code>` in the web app). */
export const SIGN_IN_PROBLEM_CODES: Record<SignInProblem, string> = {
  notConfigured: 'sign_in_not_configured',
  unavailable: 'sign_in_unavailable',
  unknownState: 'sign_in_invalid_link',
  expired: 'sign_in_expired',
  otherBrowser: 'sign_in_other_browser',
  refused: 'sign_in_refused',
};

/** Each problem's text on the page (the `server` catalog). */
function problemText(problem: SignInProblem, t: Translate): string {
  switch (problem) {
    case 'notConfigured':
      return t('authPage.problem.notConfigured');
    case 'unavailable':
      return t('authPage.problem.unavailable');
    case 'unknownState':
      return t('authPage.problem.unknownState');
    case 'expired':
      return t('authPage.problem.expired');
    case 'otherBrowser':
      return t('authPage.problem.otherBrowser');
    case 'refused':
      return t('authPage.problem.refused');
  }
}

/** HTTP status and problem of a failed sign-in. */
export function describeSignInError(error: SignInError): {
  status: number;
  problem: SignInProblem;
} {
  switch (error.failure) {
    case 'unknown_state':
      return { status: 400, problem: 'unknownState' };
    case 'expired':
      return { status: 400, problem: 'expired' };
    case 'other_browser':
      return { status: 400, problem: 'otherBrowser' };
    case 'refused':
      return { status: 400, problem: 'refused' };
    case 'unavailable':
      return { status: 503, problem: 'unavailable' };
  }
}

/** A sign-in problem as a page in the visitor's language, with a way back. */
export function signInProblemPage(
  problem: SignInProblem,
  returnTo: string,
  texts: PageTexts,
  theme: 'light' | 'dark' | null = null,
): string {
  const { t, language } = texts;
  const again = `/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
  const title = escapeHtml(t('authPage.problem.title'));
  return htmlPage({
    title: t('authPage.problem.title'),
    theme,
    language,
    body: `<main>
<h1>${title}</h1>
<p class="error" role="alert">${escapeHtml(problemText(problem, t))}</p>
<p><a class="button" href="${escapeHtml(again)}">${escapeHtml(t('authPage.problem.again'))}</a></p>
<p><a href="${escapeHtml(returnTo)}">${escapeHtml(t('authPage.problem.back'))}</a></p>
</main>`,
  });
}

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

export function silentResultPage(result: SilentResult): string {
  return htmlPage({
    title: 'Sign-in check',
    scripts: [SILENT_SCRIPT_PATH],
    body: `<main data-silent-sso="${escapeHtml(result)}"><p>Sign-in check finished. <a href="/">Go to the portal</a>.</p></main>`,
  });
}

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

/** HTTP status and message of a failed sign-in. */
export function describeSignInError(error: SignInError): { status: number; message: string } {
  switch (error.failure) {
    case 'unknown_state':
      return { status: 400, message: AUTH_MESSAGES.unknownState };
    case 'expired':
      return { status: 400, message: AUTH_MESSAGES.expired };
    case 'other_browser':
      return { status: 400, message: AUTH_MESSAGES.otherBrowser };
    case 'refused':
      return { status: 400, message: AUTH_MESSAGES.refused };
    case 'unavailable':
      return { status: 503, message: AUTH_MESSAGES.unavailable };
  }
}

/** A sign-in problem as a page, with a way back. */
export function signInProblemPage(
  message: string,
  returnTo: string,
  theme: 'light' | 'dark' | null = null,
): string {
  const again = `/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
  return htmlPage({
    title: 'Sign-in problem',
    theme,
    body: `<main>
<h1>Sign-in problem</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p><a class="button" href="${escapeHtml(again)}">Sign in again</a></p>
<p><a href="${escapeHtml(returnTo)}">Back to the portal</a></p>
</main>`,
  });
}

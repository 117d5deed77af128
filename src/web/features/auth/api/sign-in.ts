/**
 * The server's sign-in and sign-out endpoints (the server is the OIDC client; the browser only
 * ever holds its session cookie). Sign-in is a top-level navigation; sign-out is a form POST so
 * the browser follows the server's redirect to the identity provider's logout.
 */
export const LOGIN_PATH = '/auth/login';
export const LOGOUT_PATH = '/auth/logout';
/** The signed-in person's notification settings: a page the server renders (docs/notifications.md). */
export const SETTINGS_PATH = '/settings';

/** The sign-in URL that brings the visitor back to `returnTo` (a same-origin path). */
export function loginUrl(returnTo: string): string {
  const safe = returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
  return `${LOGIN_PATH}?${new URLSearchParams({ returnTo: safe }).toString()}`;
}

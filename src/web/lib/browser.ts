/** The few browser navigation calls the app makes, kept here so tests can replace them. */

/** Where the visitor is now (path, query and fragment), to come back to after signing in. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Top-level navigation (used to hand over to the server's sign-in). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}

/**
 * Submits an empty form POST, so the browser follows the server's redirects (used for signing
 * out: the server ends its session, then sends the browser to the identity provider's logout).
 */
export function submitPost(url: string): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  form.hidden = true;
  document.body.append(form);
  form.submit();
}

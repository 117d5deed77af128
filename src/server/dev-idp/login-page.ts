import { escapeHtml, htmlPage } from '../auth/html.js';
import { DEMO_USERS } from './demo-users.js';

/** The demo IdP's sign-in form: labelled `Username` and `Password`, one `Sign in` button. */
export function loginPage(options: {
  action: string;
  abortAction: string;
  clientName: string;
  username?: string;
  error?: string;
}): string {
  const accounts = DEMO_USERS.map((user) => `<code>${escapeHtml(user.username)}</code>`).join(', ');
  const error = options.error
    ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  return htmlPage({
    title: 'Sign in · demo identity provider',
    body: `<main>
<h1>Sign in to ${escapeHtml(options.clientName)}</h1>
${error}
<form method="post" action="${escapeHtml(options.action)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(options.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(options.abortAction)}">
<button type="submit" class="secondary">Cancel</button>
</form>
<p class="hint">Development identity provider. Demo accounts: ${accounts}; each password is the username.</p>
</main>`,
  });
}

/** RP-initiated logout: the form is submitted by `/dev-idp/assets/logout.js` (no inline script). */
export function logoutPage(form: string, scriptSrc: string): string {
  return htmlPage({
    title: 'Signing out · demo identity provider',
    scripts: [scriptSrc],
    // `form` is oidc-provider's own markup (a form with a hidden anti-forgery field).
    body: `<main>
<h1>Signing out…</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
</main>`,
  });
}

/** Submits the logout form as if "Sign out" was pressed; the page has no inline script. */
export const LOGOUT_SCRIPT = `(function () {
  var form = document.getElementById('op.logoutForm');
  if (!form) return;
  var input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'logout';
  input.value = 'yes';
  form.appendChild(input);
  form.submit();
})();
`;

export function errorPage(message: string): string {
  return htmlPage({
    title: 'Sign-in problem · demo identity provider',
    body: `<main><h1>Sign-in problem</h1><p class="error" role="alert">${escapeHtml(message)}</p></main>`,
  });
}

const SECRET_PARAMETERS = [
  'code',
  'state',
  'session_state',
  'id_token_hint',
  // Never accepted in a URL (401), but never logged either.
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
];

/** A path that is itself a secret: a personal calendar's (docs/notifications.md). */
const SECRET_PATH = /^\/calendar\/[^/?]+\.ics(?=$|\?)/;

/**
 * A request URL as logs may show it: the one-time values of sign-in redirects (authorization
 * code, state) are replaced, so that logs hold nothing that could finish someone's sign-in;
 * a personal calendar's secret likewise.
 */
export function redactUrl(raw: string): string {
  const url = raw.replace(SECRET_PATH, '/calendar/redacted.ics');
  const query = url.indexOf('?');
  if (query < 0) return url;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(url.slice(query + 1));
  } catch {
    return `${url.slice(0, query)}?redacted`;
  }
  let changed = false;
  for (const name of SECRET_PARAMETERS) {
    if (params.has(name)) {
      params.set(name, 'redacted');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params.toString()}` : url;
}

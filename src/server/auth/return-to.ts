const MAX_LENGTH = 2048;
const BASE = 'http://portal.invalid';

/**
 * Where to send the browser after sign-in: a path on the portal's own origin, or `/`. Anything
 * else (absolute URLs, `//host`, `/\host`, control characters, paths that normalise to another
 * host, the sign-in routes themselves) falls back to `/`, so the parameter can never redirect
 * elsewhere or loop.
 */
export function safeReturnTo(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!raw.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return '/';
  }
  // `new URL` resolves dot segments: "/..//evil.example" becomes the path "//evil.example".
  if (url.origin !== BASE || url.pathname.startsWith('//')) return '/';
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

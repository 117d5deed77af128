/**
 * The value of the cookie `name` in `cookies` (document.cookie's text), as written (never
 * URI-decoded: the portal's own cookies hold plain tokens); undefined when it is not set.
 */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

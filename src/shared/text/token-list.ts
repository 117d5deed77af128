/**
 * Lists of short tokens kept in a cookie (the dismissed notices, the collapsed categories): any
 * id, whatever its characters, becomes a token of at most 7 characters of the cookie's alphabet,
 * so the list fits in a few hundred bytes and needs no escaping. Plain functions: the server and
 * the browser both use them.
 */

const TOKEN = /^[0-9a-z]{1,7}$/;

/** An id's token: its 32-bit FNV-1a hash, in base 36. */
export function tokenOf(id: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The tokens a cookie value holds, in order, the last `max`; anything else is left out. */
export function parseTokenList(value: unknown, max: number): string[] {
  if (typeof value !== 'string' || value.length > 4096) return [];
  return value
    .split('.')
    .filter((token) => TOKEN.test(token))
    .slice(-max);
}

/** The cookie's value for `tokens`: each once, the latest `max` kept. */
export function tokenListValue(tokens: readonly string[], max: number): string {
  return [...new Set(tokens)].slice(-max).join('.');
}

/**
 * Normalises a URL for matching monitor results to apps (docs/monitor.md): lowercased, without
 * scheme, without a leading `www.` and without trailing slashes.
 */
export function normalizeUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

/** True when both URLs name the same place once normalised. */
export function sameUrl(a: string, b: string): boolean {
  return a === b || normalizeUrl(a) === normalizeUrl(b);
}

/** True for an absolute http(s) URL; the only links the portal stores and renders. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

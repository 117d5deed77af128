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

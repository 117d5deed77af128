import type { IncomingHttpHeaders } from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a browser request comes from the portal's own pages. Browsers send
 * `Sec-Fetch-Site` (modern ones) and `Origin` (on every POST, PUT, PATCH and DELETE); each one
 * present must say "same origin", and at least one must be present. Cookie-authenticated
 * state-changing requests that fail this are cross-site request forgeries.
 */
export function isSameOriginRequest(headers: IncomingHttpHeaders, portalOrigin: string): boolean {
  const site = single(headers['sec-fetch-site']);
  const origin = single(headers.origin);
  if (site === undefined && origin === undefined) return false;
  if (site !== undefined && site.trim().toLowerCase() !== 'same-origin') return false;
  if (origin !== undefined && origin.trim() !== portalOrigin) return false;
  return true;
}

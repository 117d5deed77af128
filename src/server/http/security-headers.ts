import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** The portal's PUBLIC_URL: https turns on HSTS and upgrade-insecure-requests. */
  publicUrl: string;
  /** The OpenID provider's issuer: the silent sign-in check frames it, sign-out posts to it. */
  issuer: string | undefined;
}

/** The Content-Security-Policy directives, separate so that tests and docs can read them. */
export function cspDirectives(options: SecurityHeadersOptions): Record<string, string[]> {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const idp = options.issuer ? [new URL(options.issuer).origin] : [];
  const unique = (list: string[]) => [...new Set(list)];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // Scripts only from the portal's own files: no inline script, no eval.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Inline styles are allowed (style attributes); they cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // The silent sign-in check runs in a hidden frame that passes through the provider.
    'frame-src': unique(["'self'", ...idp]),
    // Sign-out is a form post that the server redirects to the provider's end-session page.
    'form-action': unique(["'self'", ...idp]),
    'frame-ancestors': ["'self'"],
    // The service worker (/sw.js) and the web app manifest: the portal's own files only.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The headers Helmet sets for these options, worked out once: none depends on the request (no
 * nonces, no per-request directives). @fastify/helmet, which this replaces, built Helmet's
 * middleware and parsed the CSP anew on every request (decision 0042).
 */
export function securityHeaderValues(options: SecurityHeadersOptions): [string, string][] {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'sameorigin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Security headers on every response (Helmet's): the CSP above, nosniff, a same-origin referrer
 * policy (the Origin header, which the CSRF check reads, survives it), frame protection, and
 * HSTS when the portal is served over https. Set on the raw response as the request comes in,
 * so that error answers and hijacked routes (the development provider) carry them too.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const headers = securityHeaderValues(options);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);

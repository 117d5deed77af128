import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
 * Security headers on every response (Helmet): the CSP above, nosniff, a same-origin referrer
 * policy (the Origin header, which the CSRF check reads, survives it), frame protection, and
 * HSTS when the portal is served over https.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const https = new URL(options.publicUrl).protocol === 'https:';
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
      xFrameOptions: { action: 'sameorigin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
  },
  { name: 'security-headers' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackHost } from '../lib/loopback.js';

/** Paths answered on any host: the API, built files, health and metrics (tools, not browsers). */
const ANY_HOST = /^\/(api|assets|metrics)(\/|$|\?)/;

function splitHost(host: string): { name: string; port: string } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host);
  return { name: match?.[1] ?? host, port: match?.[2] ?? '' };
}

/**
 * Whether `host` is another loopback name for the loopback `PUBLIC_URL` (127.0.0.1 for
 * localhost, and the like), on the same port: the only case redirected. A host that is not
 * loopback may come from a proxy that rewrites the Host header; redirecting it could loop.
 */
export function isLoopbackAlias(host: string, publicUrl: URL): boolean {
  const canonical = publicUrl.host.toLowerCase();
  if (host === canonical || !isLoopbackHost(publicUrl.hostname)) return false;
  const asked = splitHost(host);
  const defaultPort = publicUrl.protocol === 'https:' ? '443' : '80';
  const samePort = (asked.port || defaultPort) === (publicUrl.port || defaultPort);
  return samePort && isLoopbackHost(asked.name);
}

/**
 * The same path and query on PUBLIC_URL's origin, and never another: the request's target is
 * read as a path under a fixed origin (so `//evil.example/x`, `/\\evil.example/x` or a tab in
 * between are a path, not a host), its leading slashes collapsed to one, and put after
 * `publicUrl.origin`.
 */
export function canonicalTarget(url: string, publicUrl: URL): string {
  const parsed = new URL(`http://path.invalid/${url.replace(/^[\s/\\]+/, '')}`);
  const target = new URL(
    `${parsed.pathname.replace(/^\/+/, '/')}${parsed.search}`,
    publicUrl.origin,
  );
  return target.origin === publicUrl.origin ? target.href : `${publicUrl.origin}/`;
}

/**
 * One origin for people: a page view or a sign-in start on another loopback name of a loopback
 * `PUBLIC_URL` (http://127.0.0.1:8080 when it is http://localhost:8080) is redirected to the same
 * path on `PUBLIC_URL`, so the sign-in cookie and the identity provider's callback share one
 * origin. Said once in the log. The API answers on any host.
 */
export const canonicalOrigin = fp(
  async (app: FastifyInstance, options: { publicUrl: string }) => {
    const publicUrl = new URL(options.publicUrl);
    let told = false;
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (ANY_HOST.test(request.url)) return;
      // The host (and port) the browser asked for, as Fastify read it (X-Forwarded-Host if trusted).
      const host = request.host.toLowerCase();
      if (!isLoopbackAlias(host, publicUrl)) return;
      if (!told) {
        told = true;
        request.log.info(
          { host, publicUrl: publicUrl.origin },
          'pages asked for on another loopback name are redirected to PUBLIC_URL (one origin for the sign-in cookie)',
        );
      }
      return reply
        .header('cache-control', 'no-store')
        .redirect(canonicalTarget(request.url, publicUrl), 302);
    });
  },
  { name: 'canonical-origin' },
);

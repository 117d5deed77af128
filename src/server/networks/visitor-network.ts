import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingHttpHeaders } from 'node:http';
import type { IpRange } from '../../shared/network/ip-ranges.js';
import { createNetworkMatcher, type NetworkMatcher } from '../../shared/network/network-matcher.js';
import type { Network } from '../../shared/network/networks.js';
import { clientAddress } from './client-address.js';
import type { NetworksRepository } from './networks.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The network admins defined that this request comes from (docs/networks.md), or null:
     * worked out when first asked, once per request.
     */
    network(): Promise<Network | null>;
  }
}

/** How long an instance trusts its copy of the networks before reading them again. */
export const NETWORKS_TTL_MS = 1000;

interface Loaded {
  networks: readonly Network[];
  matcher: NetworkMatcher<Network>;
}

/**
 * The networks as the read side uses them: the list, and which network a request comes from.
 * Each instance keeps the (small) list for at most a second, so a change made through any
 * instance counts everywhere within a second; the instance that made it drops its copy at once
 * (`invalidate`). When the database fails, the last list read is kept.
 */
export function createVisitorNetworks(deps: {
  repository: Pick<NetworksRepository, 'list'>;
  /** The proxies whose forwarding headers are believed (trusted-proxies.ts). */
  trustedProxies: readonly IpRange[];
  now?: () => number;
  ttlMs?: number;
}) {
  const now = deps.now ?? Date.now;
  const ttlMs = deps.ttlMs ?? NETWORKS_TTL_MS;
  let loaded: { at: number; value: Promise<Loaded>; generation: number } | undefined;
  let last: Loaded | undefined;
  let generation = 0;

  function load(): Promise<Loaded> {
    const started = generation;
    const value = deps.repository.list().then(
      (networks) => {
        const fresh = { networks, matcher: createNetworkMatcher(networks) };
        if (generation === started) last = fresh;
        return fresh;
      },
      (error: unknown) => {
        loaded = undefined;
        if (last) return last;
        throw error;
      },
    );
    loaded = { at: now(), value, generation: started };
    return value;
  }

  function current(): Promise<Loaded> {
    if (!loaded || loaded.generation !== generation || now() - loaded.at >= ttlMs) return load();
    return loaded.value;
  }

  return {
    /** Every network, in the list's order. */
    async list(): Promise<readonly Network[]> {
      return (await current()).networks;
    },

    /** The network of a request from `peer` with `headers`; null when on none. */
    async networkOf(
      peer: string | undefined,
      headers: IncomingHttpHeaders,
    ): Promise<Network | null> {
      const { matcher, networks } = await current();
      if (networks.length === 0) return null;
      return matcher.networkOf(clientAddress(peer, headers, deps.trustedProxies));
    },

    /** Forget the copy: the next question reads the list again (after a change). */
    invalidate(): void {
      generation += 1;
      loaded = undefined;
    },
  };
}

export type VisitorNetworks = ReturnType<typeof createVisitorNetworks>;

/** Gives every request its `network()`, read when first asked (registered once, in app.ts). */
export const visitorNetwork = fp<{ networks: Pick<VisitorNetworks, 'networkOf'> }>(
  async (app, { networks }) => {
    const found = new WeakMap<FastifyRequest, Promise<Network | null>>();
    app.decorateRequest('network', function (this: FastifyRequest) {
      let network = found.get(this);
      if (!network) {
        network = networks.networkOf(this.raw.socket?.remoteAddress, this.headers);
        found.set(this, network);
      }
      return network;
    });
  },
  { name: 'visitor-network' },
);

/**
 * The network whose addresses a request may be given (docs/networks.md, "What visitors see"):
 * the visitor's, for a signed-in person only. An anonymous visitor is never sent an internal
 * address, wherever the request comes from: an address on a network is not for anyone who
 * happens to stand there (a guest network, a shared terminal, a misread proxy).
 */
export async function addressNetworkOf(request: FastifyRequest): Promise<string | null> {
  if (!request.principal) return null;
  return (await request.network())?.id ?? null;
}

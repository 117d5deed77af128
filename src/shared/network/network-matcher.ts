/**
 * Which network an address is on (docs/networks.md, "Overlapping ranges"): the network with the
 * most specific range holding the address wins (the longest prefix: `10.1.0.0/16` "VPN" beats
 * `10.0.0.0/8` "Campus" for 10.1.2.3); between ranges of the same length, the network listed
 * first. An address on none of them, or no address at all, is on no network (null).
 */
import { inRange, parseAddress, parseRange, type IpAddress, type IpRange } from './ip-ranges.js';

export interface NetworkMatcher<N> {
  /** The network `address` is on, or null (also for an unreadable or missing address). */
  networkOf(address: string | IpAddress | undefined | null): N | null;
}

/**
 * Compiles the networks' ranges once, for many lookups. Ranges that do not parse are skipped:
 * the rules (networks.ts) refuse them before anything is stored.
 */
export function createNetworkMatcher<N extends { ranges: readonly string[] }>(
  networks: readonly N[],
): NetworkMatcher<N> {
  const compiled: { network: N; range: IpRange }[] = [];
  for (const network of networks) {
    for (const text of network.ranges) {
      const { range } = parseRange(text, { loose: true });
      if (range) compiled.push({ network, range });
    }
  }
  return {
    networkOf(address) {
      if (address === undefined || address === null) return null;
      const parsed = typeof address === 'string' ? parseAddress(address) : address;
      if (!parsed) return null;
      let best: { network: N; range: IpRange } | undefined;
      for (const entry of compiled) {
        // Strictly longer only: a tie keeps the network listed first.
        if (inRange(parsed, entry.range) && (!best || entry.range.prefix > best.range.prefix)) {
          best = entry;
        }
      }
      return best ? best.network : null;
    },
  };
}

import { parseRange, type IpRange } from '../../shared/network/ip-ranges.js';
import type { Config } from '../config/config.js';

/**
 * The proxies whose forwarding headers decide the visitor's network (decision 0058):
 * TRUSTED_PROXIES, or else TRUST_PROXY when it lists addresses or ranges. TRUST_PROXY=true (any
 * peer) or a hop count names no proxy, so no forwarding header is believed for the network.
 */
export function trustedProxyRanges(
  config: Pick<Config, 'trustedProxies' | 'trustProxy'>,
): IpRange[] {
  const texts =
    config.trustedProxies.length > 0
      ? config.trustedProxies
      : typeof config.trustProxy === 'string'
        ? config.trustProxy.split(',')
        : [];
  return texts.flatMap((text) => {
    const { range } = parseRange(text, { loose: true });
    return range ? [range] : [];
  });
}

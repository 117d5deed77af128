import type { AppLink } from '../../shared/catalog/link-kinds.js';
import { isMailAddress } from '../outbox/outbox.js';

/**
 * The addresses a `mailto:` URL names (RFC 6068): the part before `?`, percent-decoded, split
 * at commas. Its query (`?subject=…&cc=…`) is ignored: a report goes to the named addresses
 * only. Addresses the outbox could not deliver safely are dropped; [] when none is left.
 */
export function mailtoAddresses(url: string): string[] {
  const trimmed = url.trim();
  if (!/^mailto:/i.test(trimmed)) return [];
  const query = trimmed.indexOf('?');
  const to = trimmed.slice('mailto:'.length, query === -1 ? undefined : query);
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return [];
  }
  const addresses = decoded
    .split(',')
    .map((address) => address.trim())
    .filter((address) => isMailAddress(address));
  return [...new Set(addresses)];
}

/**
 * Where problem reports about an app go (docs/networks.md, "Reporting a problem"): the
 * addresses of its first `support` link that is a `mailto:` address; [] when it has none (no
 * support link, or only a web page: there is no address to mail).
 */
export function supportAddressesOf(links: readonly AppLink[] | undefined): string[] {
  for (const link of links ?? []) {
    if (link.kind !== 'support') continue;
    const addresses = mailtoAddresses(link.url);
    if (addresses.length > 0) return addresses;
  }
  return [];
}

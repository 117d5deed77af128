/**
 * IPv4 and IPv6 addresses and CIDR ranges (docs/networks.md), parsed with ipaddr.js rather than
 * hand-written bit arithmetic. Plain functions, no Node: the console can check ranges as the
 * server does.
 *
 * An IPv4 client seen by a dual-stack socket as an IPv4-mapped IPv6 address (`::ffff:10.1.2.3`)
 * is that IPv4 address, so it matches `10.0.0.0/8`; a mapped range (`::ffff:10.0.0.0/104`) is
 * read as the IPv4 range it stands for.
 */
import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** A parsed range: its network address, prefix length and canonical text (`10.0.0.0/8`). */
export interface IpRange {
  readonly address: IpAddress;
  readonly prefix: number;
  readonly text: string;
}

const MAPPED_PREFIX = 96;

/** The address as written canonically: dotted decimal, or RFC 5952 for IPv6. */
export function formatAddress(address: IpAddress): string {
  return address.kind() === 'ipv4'
    ? address.toString()
    : (address as ipaddr.IPv6).toRFC5952String();
}

/** An IPv4-mapped IPv6 address as its IPv4 address; any other address as it is. */
function unmapped(address: IpAddress): IpAddress {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/**
 * Parses one address: IPv4 in four decimal parts (`10.1.2.3`; no octal, hex or short forms),
 * or IPv6 (a zone such as `%eth0` is dropped). An IPv4-mapped IPv6 address comes back as IPv4.
 * Undefined when the text is not an address.
 */
export function parseAddress(text: string): IpAddress | undefined {
  const value = text.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return ipaddr.IPv4.parse(value);
  // IPv6 only: ipaddr's IPv6 parser never reads a bare IPv4 text.
  if (!value.includes(':') || !ipaddr.IPv6.isValid(value)) return undefined;
  const address = ipaddr.IPv6.parse(value);
  delete address.zoneId;
  return unmapped(address);
}

/** The bytes of `address` with every bit after the first `prefix` set to zero. */
function maskedBytes(address: IpAddress, prefix: number): number[] {
  return address.toByteArray().map((byte, index) => {
    const kept = Math.min(8, Math.max(0, prefix - index * 8));
    return byte & (0xff << (8 - kept)) & 0xff;
  });
}

/**
 * Parses a CIDR range (`10.0.0.0/8`, `2001:db8::/32`) or one address (a range of one:
 * `/32` or `/128`). A range whose address has bits set after its prefix (`10.1.2.3/8`) is
 * refused, since it is usually a typing mistake, and the message says which range was meant;
 * `{ loose: true }` masks those bits instead (TRUST_PROXY's lists, which always allowed them).
 * Returns the range, or a message about the text that reads after it (`"10.0.0.0/33" ...`).
 */
export function parseRange(
  text: string,
  options: { loose?: boolean } = {},
): { range: IpRange; error?: undefined } | { range?: undefined; error: string } {
  const value = text.trim();
  const shown = JSON.stringify(value);
  const slash = value.indexOf('/');
  const addressText = slash === -1 ? value : value.slice(0, slash);
  const prefixText = slash === -1 ? undefined : value.slice(slash + 1);
  if (addressText.includes('%')) {
    return { error: `${shown} is not a range: an address with a zone (%) cannot be one` };
  }
  let address: IpAddress;
  if (ipaddr.IPv4.isValidFourPartDecimal(addressText)) address = ipaddr.IPv4.parse(addressText);
  else if (addressText.includes(':') && ipaddr.IPv6.isValid(addressText)) {
    address = ipaddr.IPv6.parse(addressText);
  } else {
    return {
      error: `${shown} is not an IPv4 or IPv6 address or CIDR range (such as 10.0.0.0/8 or 2001:db8::/32)`,
    };
  }
  const bits = address.kind() === 'ipv4' ? 32 : 128;
  let prefix = bits;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) {
      return { error: `${shown} has a bad prefix length: it must be a number from 0 to ${bits}` };
    }
    prefix = Number(prefixText);
  }
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    if (prefix >= MAPPED_PREFIX) {
      address = (address as ipaddr.IPv6).toIPv4Address();
      prefix -= MAPPED_PREFIX;
    }
  }
  const masked = maskedBytes(address, prefix);
  const network = ipaddr.fromByteArray(masked);
  const canonical = `${formatAddress(network)}/${prefix}`;
  if (!options.loose && masked.some((byte, index) => byte !== address.toByteArray()[index])) {
    return {
      error: `${shown} has address bits set after its /${prefix} prefix: write the range as "${canonical}" (or the single address with /${bits})`,
    };
  }
  return { range: { address: network, prefix, text: canonical } };
}

/** True when `address` lies in `range` (an IPv4 address never lies in an IPv6 range). */
export function inRange(address: IpAddress, range: IpRange): boolean {
  const candidate = unmapped(address);
  return candidate.kind() === range.address.kind() && candidate.match(range.address, range.prefix);
}

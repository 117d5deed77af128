/**
 * The address a request comes from, for deciding the visitor's network (docs/networks.md,
 * decision 0058). The connection's peer, unless the peer is a trusted proxy (TRUSTED_PROXIES):
 * then the forwarding headers are read right to left, each hop believed only while the address
 * that added it is trusted, and the first address that is not a trusted proxy is the client.
 * Headers from any other peer are ignored: anyone can send them.
 *
 * Both `X-Forwarded-For` and RFC 7239 `Forwarded: for=...` (quoted IPv6 in brackets, ports) are
 * read. Proxies commonly pass on a header they do not manage themselves, so when a request
 * carries both and they name different clients, neither is believed: the client is unknown
 * (null), which is on no network. An obfuscated or `unknown` hop makes the client unknown too.
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  inRange,
  parseAddress,
  type IpAddress,
  type IpRange,
} from '../../shared/network/ip-ranges.js';

/** Splits on `separator` outside quoted strings (RFC 7230 quoted-string, with `\` escapes). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (quoted && char === '\\') {
      current += char + text.charAt(index + 1);
      index += 1;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/** A quoted-string's content, or a token as it is. */
function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

/**
 * One hop's node as proxies write it: `192.0.2.1`, `192.0.2.1:4711`, `2001:db8::1`,
 * `[2001:db8::1]` or `[2001:db8::1]:4711`. Undefined for `unknown`, an obfuscated identifier
 * (`_hidden`) or anything else that is not an address.
 */
export function parseNode(text: string): IpAddress | undefined {
  const value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed?.[1] !== undefined) return parseAddress(bracketed[1]);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(value);
  if (withPort?.[1] !== undefined) return parseAddress(withPort[1]);
  return parseAddress(value);
}

/** The header's values as one comma-separated text (Node joins repeated lines already). */
function headerText(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = Array.isArray(value) ? value.join(',') : value;
  return text.trim() === '' ? undefined : text;
}

/** The `for` node of each element of a `Forwarded` header, in order ('' when an element has none). */
export function forwardedFor(header: string): string[] {
  return splitOutsideQuotes(header, ',').map((element) => {
    for (const pair of splitOutsideQuotes(element, ';')) {
      const equals = pair.indexOf('=');
      if (equals === -1) continue;
      if (pair.slice(0, equals).trim().toLowerCase() === 'for')
        return unquote(pair.slice(equals + 1));
    }
    return '';
  });
}

/**
 * Walks a chain of hops (leftmost: the original client) from the right: each hop is believed
 * while the address it came from is trusted. Null when a hop that must be read is not an address.
 */
function walk(
  peer: IpAddress,
  hops: readonly string[],
  trusted: (address: IpAddress) => boolean,
): IpAddress | null {
  let current = peer;
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    if (!trusted(current)) return current;
    const next = parseNode(hops[index] ?? '');
    if (!next) return null;
    current = next;
  }
  return current;
}

const same = (a: IpAddress, b: IpAddress) =>
  a.kind() === b.kind() && a.toByteArray().join('.') === b.toByteArray().join('.');

/**
 * The client's address for a request from `peer` (the socket's remote address) with `headers`,
 * believing forwarding headers only from peers in `trustedProxies`. Null when unknown.
 */
export function clientAddress(
  peer: string | undefined,
  headers: IncomingHttpHeaders,
  trustedProxies: readonly IpRange[],
): IpAddress | null {
  const peerAddress = peer === undefined ? undefined : parseAddress(peer);
  if (!peerAddress) return null;
  const trusted = (address: IpAddress) => trustedProxies.some((range) => inRange(address, range));
  if (!trusted(peerAddress)) return peerAddress;
  const xForwardedFor = headerText(headers['x-forwarded-for']);
  const forwarded = headerText(headers.forwarded);
  const fromXff =
    xForwardedFor === undefined ? undefined : walk(peerAddress, xForwardedFor.split(','), trusted);
  const fromForwarded =
    forwarded === undefined ? undefined : walk(peerAddress, forwardedFor(forwarded), trusted);
  if (fromXff === undefined && fromForwarded === undefined) return peerAddress;
  if (fromXff === undefined) return fromForwarded ?? null;
  if (fromForwarded === undefined) return fromXff;
  // Both: one of them may have been passed on from the client untouched.
  return fromXff && fromForwarded && same(fromXff, fromForwarded) ? fromXff : null;
}

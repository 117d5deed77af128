/**
 * An app's addresses per network and its typed links (docs/catalog.md, docs/networks.md), part
 * of the app's rules (app-rules.ts): `addresses: [{ network, url }]` beside the public `link`,
 * and `links: [{ kind, url, label? }]` for support, status page, client download, docs,
 * repository and anything else. Messages follow the field's name:
 * `field "addresses" entry 2: "url" must be an http(s) URL (got "x")`.
 */
import { hasControlCharacters, ONE_LINE } from '../text/control-characters.js';
import { APP_ID_PATTERN, FIELD_LIMITS } from './app-fields.js';
import { isWebUrl } from './url.js';
import {
  LINK_KINDS,
  LINK_LIMITS,
  type AppAddress,
  type AppLink,
  type LinkKind,
} from './link-kinds.js';

export { LINK_KINDS, LINK_LIMITS, type AppAddress, type AppLink, type LinkKind };

const NETWORK_ID = new RegExp(APP_ID_PATTERN);
const ADDRESS_KEYS: ReadonlySet<string> = new Set(['network', 'url']);
const LINK_KEYS: ReadonlySet<string> = new Set(['kind', 'url', 'label']);
/** One mailbox, as a support contact writes it (`mailto:help@example.edu`). */
const MAILTO = /^mailto:[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/i;

/** The list's entries as objects, or what is wrong with the list. */
function entriesOf(
  value: unknown,
  max: number,
  shape: string,
  keys: ReadonlySet<string>,
): Record<string, unknown>[] | string {
  if (!Array.isArray(value)) return `must be a list of ${shape}`;
  if (value.length > max) return `must hold at most ${max} entries`;
  for (const [index, entry] of value.entries()) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return `entry ${index + 1} must be an object ${shape}`;
    }
    const unknown = Object.keys(entry).find((key) => !keys.has(key));
    if (unknown !== undefined) {
      return `entry ${index + 1} has an unknown field ${JSON.stringify(unknown)}`;
    }
  }
  return value as Record<string, unknown>[];
}

/** A URL of an entry, trimmed, or what is wrong with it. */
function urlOf(value: unknown, allowMailto: boolean): { url: string } | { error: string } {
  if (typeof value !== 'string' || value.trim() === '') return { error: '"url" is required' };
  const url = value.trim();
  if (url.length > FIELD_LIMITS.url) {
    return { error: `"url" must be at most ${FIELD_LIMITS.url} characters` };
  }
  if (isWebUrl(url) || (allowMailto && MAILTO.test(url))) return { url };
  const allowed = allowMailto ? 'an http(s) URL or a mailto: address' : 'an http(s) URL';
  return { error: `"url" must be ${allowed} (got ${JSON.stringify(url)})` };
}

/**
 * An app's `addresses`: each `{ network, url }`, one per network. With `networks` (the ids
 * defined), an address naming another network is an error; without it (the console's form)
 * only the shape is checked. Returns the cleaned list or the message of the first problem.
 */
export function checkAddresses(
  value: unknown,
  networks?: ReadonlySet<string>,
): AppAddress[] | string {
  const entries = entriesOf(value, LINK_LIMITS.addresses, '{ network, url }', ADDRESS_KEYS);
  if (typeof entries === 'string') return entries;
  const addresses: AppAddress[] = [];
  for (const [index, entry] of entries.entries()) {
    const where = `entry ${index + 1}`;
    const { network } = entry;
    if (typeof network !== 'string' || !NETWORK_ID.test(network)) {
      return `${where}: "network" must be the id of a network (lowercase letters, digits, "-" or "_"; got ${JSON.stringify(network ?? null)})`;
    }
    if (networks && !networks.has(network)) {
      return `${where} names the network "${network}", which is not defined: add it to the networks (the catalog file's networks: list, or PUT /api/admin/networks)`;
    }
    if (addresses.some((address) => address.network === network)) {
      return `${where}: the network "${network}" has an address already (one per network)`;
    }
    const url = urlOf(entry.url, false);
    if ('error' in url) return `${where}: ${url.error}`;
    addresses.push({ network, url: url.url });
  }
  return addresses;
}

/** An app's `links`: each `{ kind, url, label? }`. The cleaned list, or the first problem. */
export function checkLinks(value: unknown): AppLink[] | string {
  const entries = entriesOf(value, LINK_LIMITS.links, '{ kind, url, label? }', LINK_KEYS);
  if (typeof entries === 'string') return entries;
  const links: AppLink[] = [];
  for (const [index, entry] of entries.entries()) {
    const where = `entry ${index + 1}`;
    const kind = entry.kind;
    if (typeof kind !== 'string' || !(LINK_KINDS as readonly string[]).includes(kind)) {
      return `${where}: "kind" must be one of ${LINK_KINDS.join(', ')} (got ${JSON.stringify(kind ?? null)})`;
    }
    const url = urlOf(entry.url, kind === 'support');
    if ('error' in url) return `${where}: ${url.error}`;
    const link: AppLink = { kind: kind as LinkKind, url: url.url };
    if (entry.label !== undefined && entry.label !== null) {
      if (typeof entry.label !== 'string') return `${where}: "label" must be text`;
      const label = entry.label.trim();
      if (label.length > LINK_LIMITS.label) {
        return `${where}: "label" must be at most ${LINK_LIMITS.label} characters`;
      }
      if (hasControlCharacters(label)) return `${where}: "label" ${ONE_LINE}`;
      if (label !== '') link.label = label;
    }
    links.push(link);
  }
  return links;
}

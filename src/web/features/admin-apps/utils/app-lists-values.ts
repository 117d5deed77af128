import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import {
  checkAddresses,
  checkLinks,
  LINK_LIMITS,
  type AppAddress,
  type AppLink,
  type LinkKind,
} from '../../../../shared/catalog/app-links.js';
import type { Translate } from '../../../lib/i18n.js';
import { ruleMessage } from '../../../lib/console/rule-messages.js';

/**
 * An app's addresses per network and typed links as the app form edits them (docs/networks.md):
 * one URL per network (empty: no address there), and link rows of a kind, a URL and a label. The
 * rules are the server's (src/shared/catalog/app-links.ts), checked row by row; their messages
 * name the entry of the list sent (`entry 2: "url" must be ...`), which maps back to the row.
 */

export interface LinkRow {
  /** Stable while the form lives (React keys, focus). */
  key: string;
  kind: LinkKind;
  url: string;
  label: string;
}
export type LinkField = 'kind' | 'url' | 'label';

export interface ListValues {
  /** URL by network id, as typed. */
  addresses: Readonly<Record<string, string>>;
  links: readonly LinkRow[];
}
export type ListField = 'addresses' | 'links';

let nextKey = 1;
export function newLinkRow(kind: LinkKind = 'support'): LinkRow {
  return { key: `link-${nextKey++}`, kind, url: '', label: '' };
}

export function listValuesOf(app: AdminApp | undefined): ListValues {
  return {
    addresses: Object.fromEntries((app?.addresses ?? []).map((a) => [a.network, a.url])),
    links: (app?.links ?? []).map((link) => ({
      ...newLinkRow(link.kind),
      url: link.url,
      label: link.label ?? '',
    })),
  };
}

/** The network ids to show: the networks' order, then those of addresses of other networks. */
export function networkIdsOf(values: ListValues, order: readonly string[]): string[] {
  const others = Object.keys(values.addresses).filter((id) => !order.includes(id));
  return [...order, ...others];
}

/** The addresses to send: one per network with a URL, in the networks' order. */
export function addressesOf(values: ListValues, order: readonly string[]): AppAddress[] {
  return networkIdsOf(values, order).flatMap((network) => {
    const url = Object.hasOwn(values.addresses, network) ? values.addresses[network]!.trim() : '';
    return url === '' ? [] : [{ network, url }];
  });
}

/** The links to send, each with its row: rows left blank (no URL, no label) are not sent. */
export function linksOf(values: ListValues): { links: AppLink[]; rows: LinkRow[] } {
  const rows = values.links.filter((row) => row.url.trim() !== '' || row.label.trim() !== '');
  return { rows, links: rows.map(linkOf) };
}

function linkOf(row: LinkRow): AppLink {
  const label = row.label.trim();
  return { kind: row.kind, url: row.url.trim(), ...(label !== '' ? { label } : {}) };
}

const canonical = (list: readonly object[]) =>
  JSON.stringify(
    list.map((entry) =>
      Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1))),
    ),
  );

/**
 * The lists of a new app's body: only those with entries, as before (the server reads an absent
 * list as none), so an app without addresses and links sends what it always sent.
 */
export function listsCreateBody(
  values: ListValues,
  order: readonly string[],
): { addresses?: AppAddress[]; links?: AppLink[] } {
  const addresses = addressesOf(values, order);
  const { links } = linksOf(values);
  return {
    ...(addresses.length > 0 ? { addresses } : {}),
    ...(links.length > 0 ? { links } : {}),
  };
}

/**
 * The lists that changed from the app as loaded (a PATCH sends only these): addresses as a set
 * by network (their order means nothing to people), links in order.
 */
export function listsPatch(
  app: AdminApp,
  values: ListValues,
  order: readonly string[],
): { addresses?: AppAddress[]; links?: AppLink[] } {
  const addresses = addressesOf(values, order);
  const byNetwork = (list: readonly AppAddress[]) =>
    canonical([...list].sort((a, b) => (a.network < b.network ? -1 : 1)));
  const { links } = linksOf(values);
  const loadedLinks = (app.links ?? []).map((link) =>
    linkOf({ key: '', kind: link.kind, url: link.url, label: link.label ?? '' }),
  );
  return {
    ...(byNetwork(addresses) !== byNetwork(app.addresses ?? []) ? { addresses } : {}),
    ...(canonical(links) !== canonical(loadedLinks) ? { links } : {}),
  };
}

/** A problem of one entry: which entry (from 0) and field, and the rest of the message. */
export interface EntryProblem {
  index: number;
  field: LinkField | 'network' | null;
  message: string;
}

const ENTRY = /^entry (\d+):? (.*)$/s;
const FIELD = /^"(kind|url|label|network)" (.*)$/s;

/** `entry 2: "url" must be ...` as `{ index: 1, field: 'url', message: 'must be ...' }`. */
export function entryProblem(message: string): EntryProblem | null {
  const entry = ENTRY.exec(message);
  if (!entry) return null;
  const field = FIELD.exec(entry[2]!);
  return {
    index: Number(entry[1]) - 1,
    field: field ? (field[1] as EntryProblem['field']) : null,
    message: field ? field[2]! : entry[2]!,
  };
}

/** The rules' problem of each address (by network id) and link (by row key), before sending. */
export function listRowErrors(values: ListValues): {
  addresses: Record<string, EntryProblem>;
  links: Record<string, EntryProblem>;
  general: Partial<Record<ListField, string>>;
} {
  const addresses: Record<string, EntryProblem> = {};
  for (const [network, url] of Object.entries(values.addresses)) {
    if (url.trim() === '') continue;
    const problem = checkAddresses([{ network, url: url.trim() }]);
    const parsed = typeof problem === 'string' ? entryProblem(problem) : null;
    if (parsed) addresses[network] = parsed;
  }
  const links: Record<string, EntryProblem> = {};
  const { rows, links: sent } = linksOf(values);
  rows.forEach((row, index) => {
    const problem = checkLinks([sent[index]]);
    const parsed = typeof problem === 'string' ? entryProblem(problem) : null;
    if (parsed) links[row.key] = parsed;
  });
  const general: Partial<Record<ListField, string>> = {};
  if (
    Object.values(values.addresses).filter((url) => url.trim() !== '').length >
    LINK_LIMITS.addresses
  ) {
    general.addresses = `must hold at most ${LINK_LIMITS.addresses} entries`;
  }
  if (rows.length > LINK_LIMITS.links)
    general.links = `must hold at most ${LINK_LIMITS.links} entries`;
  return { addresses, links, general };
}

const LIST_RULES: readonly [RegExp, string, (m: RegExpExecArray) => Record<string, string>][] = [
  [
    /^must be an http\(s\) URL or a mailto: address \(got (.*)\)$/s,
    'admin.links.rules.urlOrMailto',
    (m) => ({ value: m[1]! }),
  ],
  [
    /^names the network ("[^"]*"), which is not defined/s,
    'admin.addresses.rules.unknownNetwork',
    (m) => ({ network: m[1]! }),
  ],
  [/^must hold at most (\d+) entries$/, 'admin.links.rules.maxEntries', (m) => ({ max: m[1]! })],
];

/** A problem of an address or a link about the input labelled `label`, in the viewer's language. */
export function listMessage(t: Translate, label: string, message: string): string {
  for (const [pattern, id, values] of LIST_RULES) {
    const match = pattern.exec(message);
    if (match) return t(id, { field: label, ...values(match) });
  }
  return ruleMessage(t, label, message);
}

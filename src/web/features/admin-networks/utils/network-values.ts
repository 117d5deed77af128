import type { Network } from '../../../../shared/network/networks.js';
import type * as NetworkRulesModule from '../../../../shared/network/networks.js';
import type { Translate } from '../../../lib/i18n.js';
import { ruleMessage } from '../../../lib/console/rule-messages.js';

/**
 * The Networks tab's form (docs/admin.md): one row per network as typed, the ranges as one text
 * (one range per line, or comma-separated), a removed row kept (with Undo) until the list is
 * saved. The rules are the server's (src/shared/network/networks.ts); their sentences name the
 * network by its place in the list sent and the field, which `placeProblems` maps back to the rows.
 */

export const NETWORK_FIELDS = ['id', 'name', 'ranges', 'help', 'helpText'] as const;
export type NetworkField = (typeof NETWORK_FIELDS)[number];

export interface NetworkRow {
  /** Stable while the form lives (React keys, focus after a move). */
  key: string;
  /** The id the network had when loaded; '' for a new one. */
  savedId: string;
  id: string;
  name: string;
  ranges: string;
  help: string;
  helpText: string;
  /** Removed in the form: not sent, shown with Undo until saved. */
  removed: boolean;
}

let nextKey = 1;
const newKey = () => `network-${nextKey++}`;

export function rowOf(network: Network): NetworkRow {
  return {
    key: newKey(),
    savedId: network.id,
    id: network.id,
    name: network.name,
    ranges: network.ranges.join('\n'),
    help: network.help ?? '',
    helpText: network.helpText ?? '',
    removed: false,
  };
}

export function emptyRow(): NetworkRow {
  return {
    key: newKey(),
    savedId: '',
    id: '',
    name: '',
    ranges: '',
    help: '',
    helpText: '',
    removed: false,
  };
}

/** The ranges typed: one per line, or separated by commas or spaces. */
export function splitRanges(text: string): string[] {
  return text.split(/[\s,]+/).filter((range) => range !== '');
}

/** A row as PUT /api/admin/networks takes it (help and help text only when given). */
export function networkOf(row: NetworkRow): Network {
  const help = row.help.trim();
  const helpText = row.helpText.trim();
  return {
    id: row.id.trim(),
    name: row.name.trim(),
    ranges: splitRanges(row.ranges),
    ...(help !== '' ? { help } : {}),
    ...(helpText !== '' ? { helpText } : {}),
  };
}

/** The list to send: the rows not removed, in order. */
export function sentRows(rows: readonly NetworkRow[]): NetworkRow[] {
  return rows.filter((row) => !row.removed);
}

/** Where a problem belongs: a row's field, a whole row, or the list. */
export interface NetworkProblems {
  /** By `${row key}.${field}`; the field `row` for a problem of the whole network. */
  fields: Record<string, string[]>;
  /** Problems of the list as a whole. */
  general: string[];
}

const FIELD_PROBLEM = /^network (\d+)(?: "[^"]*")?: field "([^"]+)" (.*)$/s;
const ROW_PROBLEM = /^network (\d+)(?: "[^"]*")?: (.*)$/s;
const STILL_NAMED =
  /^the network "([^"]+)" is still named by the addresses of (.*): remove those addresses first$/s;

/**
 * The rules' and the server's sentences, each to the row and field it names: `network 2 "vpn":
 * field "ranges" ...` is the second row sent; a network an app still names is the removed row
 * that had that id (`field` row). Anything else is about the list.
 */
export function placeProblems(
  problems: readonly string[],
  rows: readonly NetworkRow[],
): NetworkProblems {
  const sent = sentRows(rows);
  const result: NetworkProblems = { fields: {}, general: [] };
  const add = (key: string, message: string) => {
    result.fields[key] = [...(result.fields[key] ?? []), message];
  };
  for (const problem of problems) {
    const field = FIELD_PROBLEM.exec(problem);
    const row = field ? undefined : ROW_PROBLEM.exec(problem);
    const named = STILL_NAMED.exec(problem);
    const match = field ?? row;
    const target = match ? sent[Number(match[1]) - 1] : undefined;
    if (field && target && (NETWORK_FIELDS as readonly string[]).includes(field[2]!)) {
      add(`${target.key}.${field[2]}`, field[3]!);
    } else if (row && target) {
      add(`${target.key}.row`, row[2]!);
    } else if (named) {
      const removed = rows.find((r) => r.removed && r.savedId === named[1]);
      const apps = named[2]!;
      if (removed) add(`${removed.key}.row`, `still named by ${apps}`);
      else result.general.push(problem);
    } else result.general.push(problem);
  }
  return result;
}

/** The messages of the rules about networks and ranges, each with its values. */
const NETWORK_RULES: readonly [RegExp, string, (m: RegExpExecArray) => Record<string, string>][] = [
  [/^still named by (.*)$/s, 'admin.networks.rules.stillNamed', (m) => ({ apps: m[1]! })],
  [
    /^"(.*)" is already used by network (\d+)$/s,
    'admin.networks.rules.duplicateId',
    (m) => ({ value: m[1]!, other: m[2]! }),
  ],
  [/^must be a list of at least one CIDR range/, 'admin.networks.rules.rangesRequired', () => ({})],
  [/^must hold at most (\d+) ranges$/, 'admin.networks.rules.rangesMax', (m) => ({ max: m[1]! })],
  [
    /^(".*") is not an IPv4 or IPv6 address or CIDR range/s,
    'admin.networks.rules.notRange',
    (m) => ({ value: m[1]! }),
  ],
  [
    /^(".*") has a bad prefix length: it must be a number from 0 to (\d+)$/s,
    'admin.networks.rules.badPrefix',
    (m) => ({ value: m[1]!, bits: m[2]! }),
  ],
  [
    /^(".*") has address bits set after its \/(\d+) prefix: write the range as "(.*)" \(or the single address with \/(\d+)\)$/s,
    'admin.networks.rules.hostBits',
    (m) => ({ value: m[1]!, prefix: m[2]!, range: m[3]!, bits: m[4]! }),
  ],
  [
    /^(".*") is not a range: an address with a zone/s,
    'admin.networks.rules.zone',
    (m) => ({ value: m[1]! }),
  ],
];

/** The problems of one field, in the viewer's language. */
export function networkMessage(t: Translate, label: string, messages: readonly string[]): string {
  return messages
    .map((part) => {
      for (const [pattern, id, values] of NETWORK_RULES) {
        const match = pattern.exec(part);
        if (match) return t(id, { field: label, ...values(match) });
      }
      return ruleMessage(t, label, part);
    })
    .join(' ');
}

/** The shared rules of networks (src/shared/network/networks.ts), as loaded on demand. */
export type NetworkRules = typeof NetworkRulesModule;
export type NetworkLimits = NetworkRules['NETWORK_LIMITS'];

/**
 * Loads the rules when the tab opens: they parse ranges with ipaddr.js, which the rest of the
 * console does not need, so it is a chunk of its own rather than part of the console's.
 */
export function loadRules(): Promise<NetworkRules> {
  return import('../../../../shared/network/networks.js');
}

/** The rules' problems with the rows, checked here as the server will. */
export function checkRows(rules: NetworkRules, rows: readonly NetworkRow[]): string[] {
  return rules.checkNetworks(sentRows(rows).map(networkOf)).problems;
}

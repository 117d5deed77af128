/**
 * Networks admins define (docs/networks.md): a name, the IPv4 and IPv6 ranges that make it, and
 * a help link and text ("How to connect to the VPN"). The catalog file's `networks:` list, the
 * admin API (`PUT /api/admin/networks`) and export/import follow these rules; every problem is a
 * sentence naming the network and the field, and a list with any problem is refused whole.
 */
import { isAppId, isWebUrl, RESERVED_KEYS } from '../catalog/app-rules.js';
import { hasControlCharacters, ONE_LINE, PLAIN_TEXT } from '../text/control-characters.js';
import { parseRange } from './ip-ranges.js';

export interface Network {
  /** Lowercase letters, digits, `-`, `_` (as app ids): what an app's `addresses` name. */
  id: string;
  /** What people read ("Campus network"). */
  name: string;
  /** CIDR ranges or single addresses, canonical (`10.0.0.0/8`, `2001:db8::/32`). */
  ranges: string[];
  /** http(s) page on how to get onto the network; absent when none. */
  help?: string;
  /** A short text shown with the help link; absent when none. */
  helpText?: string;
}

export const NETWORK_LIMITS = {
  /** Networks in one list. */
  networks: 50,
  /** Ranges of one network. */
  ranges: 500,
  name: 100,
  helpText: 500,
  url: 2048,
} as const;

const NETWORK_KEYS: ReadonlySet<string> = new Set(['id', 'name', 'ranges', 'help', 'helpText']);

/** How a network is named in messages: its place in the list, and its id when it has one. */
function labelOf(raw: unknown, index: number): string {
  const id = (raw as { id?: unknown } | null)?.id;
  return isAppId(id) ? `network ${index + 1} "${id}"` : `network ${index + 1}`;
}

/** One optional text field: trimmed, limited, without control characters; '' when absent. */
function optionalText(
  value: unknown,
  max: number,
  multiline: boolean,
): { text: string } | { error: string } {
  if (value === undefined || value === null) return { text: '' };
  if (typeof value !== 'string') return { error: 'must be text' };
  const text = value.trim();
  if (text.length > max) return { error: `must be at most ${max} characters` };
  if (hasControlCharacters(text, { multiline }))
    return { error: multiline ? PLAIN_TEXT : ONE_LINE };
  return { text };
}

/** Checks one network; pushes a sentence per problem. */
function checkNetwork(raw: unknown, index: number, problems: string[]): Network | undefined {
  const where = labelOf(raw, index);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push(`${where}: must be an object { id, name, ranges, help?, helpText? }`);
    return undefined;
  }
  const before = problems.length;
  const fail = (field: string, message: string) =>
    problems.push(`${where}: field "${field}" ${message}`);
  const value = raw as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    if (!NETWORK_KEYS.has(key)) {
      fail(
        key,
        RESERVED_KEYS.has(key) ? 'is a reserved name, not a field' : 'is not a known field',
      );
    }
  }
  const { id } = value;
  if (id === undefined || id === null || id === '') fail('id', 'is required');
  else if (!isAppId(id)) {
    fail('id', `must be lowercase letters, digits, "-" or "_" (got ${JSON.stringify(id)})`);
  }
  const name = optionalText(value.name, NETWORK_LIMITS.name, false);
  if ('error' in name) fail('name', name.error);
  else if (name.text === '') fail('name', 'is required');

  const ranges: string[] = [];
  if (!Array.isArray(value.ranges) || value.ranges.length === 0) {
    fail('ranges', 'must be a list of at least one CIDR range, such as ["10.0.0.0/8"]');
  } else if (value.ranges.length > NETWORK_LIMITS.ranges) {
    fail('ranges', `must hold at most ${NETWORK_LIMITS.ranges} ranges`);
  } else {
    for (const entry of value.ranges as unknown[]) {
      if (typeof entry !== 'string') {
        fail('ranges', `must hold text only (got ${JSON.stringify(entry)})`);
        continue;
      }
      const parsed = parseRange(entry);
      if (parsed.error !== undefined) fail('ranges', parsed.error);
      else if (!ranges.includes(parsed.range.text)) ranges.push(parsed.range.text);
    }
  }

  const help = optionalText(value.help, NETWORK_LIMITS.url, false);
  if ('error' in help) fail('help', help.error);
  else if (help.text !== '' && !isWebUrl(help.text)) {
    fail('help', `must be an http(s) URL (got ${JSON.stringify(help.text)})`);
  }
  const helpText = optionalText(value.helpText, NETWORK_LIMITS.helpText, true);
  if ('error' in helpText) fail('helpText', helpText.error);

  if (problems.length > before) return undefined;
  const network: Network = { id: id as string, name: (name as { text: string }).text, ranges };
  if ((help as { text: string }).text !== '') network.help = (help as { text: string }).text;
  if ((helpText as { text: string }).text !== '') {
    network.helpText = (helpText as { text: string }).text;
  }
  return network;
}

/**
 * Checks a list of networks (the catalog file's `networks:`, the body of PUT
 * /api/admin/networks): each network's fields, ranges canonical and de-duplicated, ids unique.
 * Returns the cleaned list and one sentence per problem; callers save nothing when any.
 */
export function checkNetworks(raw: unknown): { networks: Network[]; problems: string[] } {
  if (!Array.isArray(raw)) {
    return { networks: [], problems: ['networks must be a list of networks'] };
  }
  if (raw.length > NETWORK_LIMITS.networks) {
    return {
      networks: [],
      problems: [
        `networks must hold at most ${NETWORK_LIMITS.networks} networks (got ${raw.length})`,
      ],
    };
  }
  const problems: string[] = [];
  const networks: Network[] = [];
  const seen = new Map<string, number>();
  raw.forEach((entry: unknown, index) => {
    const network = checkNetwork(entry, index, problems);
    if (!network) return;
    const first = seen.get(network.id);
    if (first !== undefined) {
      problems.push(
        `${labelOf(entry, index)}: field "id" "${network.id}" is already used by network ${first + 1}`,
      );
      return;
    }
    seen.set(network.id, index);
    networks.push(network);
  });
  return { networks, problems };
}

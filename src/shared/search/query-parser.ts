/**
 * The search box's query language: free words plus a few filters.
 *
 *   galaxy env:dev status:up category:"Data Science" fav is:locked
 *
 * Filters of different kinds all apply (AND); repeating a kind accepts any of its values
 * (`env:dev env:stage` is dev or stage). A `key:value` whose key or value is not one we know
 * (`foo:bar`, `env:production`) is an ordinary word, so nothing the user types is silently lost.
 * See docs/search.md.
 */
import { ENVIRONMENTS, type Environment } from '../catalog/environments.js';
import { STATUS_LABELS, type StatusKind } from '../status/status-codes.js';

export interface ParsedQuery {
  /** Free words (a quoted phrase is one word), as typed, in order, without duplicates. */
  words: string[];
  /** `env:` values; empty means any environment. */
  environments: Environment[];
  /** `status:` values; empty means any status. `flapping`: 3 or more changes in the last hour. */
  statuses: (StatusKind | 'flapping')[];
  /** `category:` values as typed; empty means any category. */
  categories: string[];
  /** `fav`: only the signed-in user's favorites. */
  favoritesOnly: boolean;
  /** `is:locked`: only the locked cards (apps the user may request access to). */
  lockedOnly: boolean;
}

const FAVORITES_KEYWORD = 'fav';
/** `is:locked`, the only `is:` value. */
const LOCKED_KEYWORD = 'locked';
const STATUS_KINDS = [...(Object.keys(STATUS_LABELS) as StatusKind[]), 'flapping' as const];

/**
 * One token: `key:"quoted value"`, a `"quoted phrase"`, or a run of non-space characters.
 * An unclosed quote runs to the end, so a query being typed still parses.
 */
const TOKEN = /([^\s":]+):"([^"]*)"?|"([^"]*)"?|[^\s"]+/g;

export function parseSearchQuery(query: string): ParsedQuery {
  const parsed: ParsedQuery = {
    words: [],
    environments: [],
    statuses: [],
    categories: [],
    favoritesOnly: false,
    lockedOnly: false,
  };
  for (const match of query.matchAll(TOKEN)) {
    const [token, quotedKey, quotedValue, phrase] = match;
    if (quotedKey !== undefined) {
      applyFilterOrWord(parsed, quotedKey, quotedValue ?? '', token);
    } else if (phrase !== undefined) {
      addWord(parsed, phrase);
    } else if (token.toLowerCase() === FAVORITES_KEYWORD) {
      parsed.favoritesOnly = true;
    } else {
      const colon = token.indexOf(':');
      if (colon > 0)
        applyFilterOrWord(parsed, token.slice(0, colon), token.slice(colon + 1), token);
      else addWord(parsed, token);
    }
  }
  return parsed;
}

/** True when the query neither filters nor has words: every app matches, in input order. */
export function isEmptyQuery(query: ParsedQuery): boolean {
  return (
    query.words.length === 0 &&
    query.environments.length === 0 &&
    query.statuses.length === 0 &&
    query.categories.length === 0 &&
    !query.favoritesOnly &&
    !query.lockedOnly
  );
}

function applyFilterOrWord(parsed: ParsedQuery, key: string, rawValue: string, token: string) {
  const kind = key.toLowerCase();
  const value = rawValue.trim();
  if (!isFilterKey(kind)) {
    addWord(parsed, token);
    return;
  }
  // `env:` with nothing after it yet: the user is still typing, so it filters nothing.
  if (value === '') return;
  const lower = value.toLowerCase();
  if (kind === 'env') {
    const environment = ENVIRONMENTS.find((candidate) => candidate === lower);
    if (environment) addOnce(parsed.environments, environment);
    else addWord(parsed, token);
  } else if (kind === 'is') {
    if (lower === LOCKED_KEYWORD) parsed.lockedOnly = true;
    else addWord(parsed, token);
  } else if (kind === 'status') {
    const status = STATUS_KINDS.find((candidate) => candidate === lower);
    if (status) addOnce(parsed.statuses, status);
    else addWord(parsed, token);
  } else {
    addOnce(parsed.categories, value);
  }
}

type FilterKey = 'env' | 'status' | 'category' | 'is';

function isFilterKey(key: string): key is FilterKey {
  return key === 'env' || key === 'status' || key === 'category' || key === 'is';
}

function addWord(parsed: ParsedQuery, word: string) {
  const trimmed = word.trim();
  if (trimmed !== '') addOnce(parsed.words, trimmed);
}

function addOnce<T>(list: T[], value: T) {
  if (!list.includes(value)) list.push(value);
}

/**
 * Finds and ranks apps for the search box. Pure: the SPA runs it on every keystroke and
 * `npm run bench:search` times the same code in Node.
 *
 * Every word must match somewhere in an app (AND: each word narrows the results). A word
 * matches a field as the whole field (names only), a whole word, the start of a word
 * (camelCase humps count), or inside a word (3 characters or more); in names and categories
 * also with typos (4 characters or more, typo-matcher.ts). Each word scores its best field,
 * weighted name > category title > environment label > description; an app's score is the sum
 * over its words. Ties keep the input order. The reasons: docs/search.md.
 */
import type { App } from '../api/schemas.js';
import { categoryTitle } from '../catalog/categories.js';
import { ENVIRONMENT_LABELS } from '../catalog/environments.js';
import type { StatusKind } from '../status/status-codes.js';
import { foldText, foldWithMap, isWordCharAt, type MappedText } from './fold.js';
import { isEmptyQuery, parseSearchQuery, type ParsedQuery } from './query-parser.js';
import { findTypoMatches, letterMask, typoPrefilter, type TypoMatch } from './typo-matcher.js';

/** The query parser travels with the engine: the page's bundle needs neither before a search. */
export { isEmptyQuery, parseSearchQuery };

/**
 * What search reads from an app; the API's `App` has all of it, and so has a locked card
 * (`locked: true`, which `is:locked` looks for).
 */
export type SearchableApp = Pick<App, 'id' | 'name' | 'description' | 'env' | 'category'> & {
  locked?: boolean;
};

/** A status the monitor reported, or `unknown` when it has none for the app yet. */
export type SearchStatus = StatusKind | 'unknown';

export interface SearchContext {
  /** Status per app id; apps missing from the map are `unknown` (no `status:` filter matches). */
  statusById?: ReadonlyMap<string, SearchStatus>;
  /** The signed-in user's favorite app ids; leave out (or empty) when signed out. */
  favoriteIds?: ReadonlySet<string>;
  /** Apps whose state changed 3 or more times in the last hour, for `status:flapping`. */
  flappingIds?: ReadonlySet<string>;
}

/** A part of the app's name to highlight: UTF-16 indices, `end` exclusive (`name.slice`). */
export interface MatchRange {
  start: number;
  end: number;
}

export interface SearchHit<T extends SearchableApp> {
  app: T;
  /** Higher is better; 0 when the query has no words. Only meaningful within one search. */
  score: number;
  /** Matched parts of `app.name`, sorted and not overlapping. */
  nameMatches: MatchRange[];
}

export interface SearchIndex<T extends SearchableApp> {
  /**
   * The apps passing the query's filters and matching all its words, best first (ties, and
   * queries without words, in input order). Takes the raw text of the search box or an
   * already parsed query.
   */
  search(query: string | ParsedQuery, context?: SearchContext): SearchHit<T>[];
}

/** How much a match in each field counts. */
export const FIELD_WEIGHTS = {
  name: 1,
  category: 0.6,
  environment: 0.5,
  description: 0.3,
} as const;

/** How good a match is, before the field weight. A typo match scores below `typo`. */
export const MATCH_QUALITY = {
  wholeName: 1,
  wholeWord: 0.9,
  wordStart: 0.8,
  insideWord: 0.6,
  typo: 0.5,
} as const;

/** Shorter words only match at the start of a word: `ga` should not find `Omega`. */
const MIN_INSIDE_WORD_LENGTH = 3;

interface IndexedApp<T> {
  app: T;
  position: number;
  name: MappedText;
  /** `letterMask` of the folded name, to skip names that cannot match a typo. */
  nameMask: number;
  /** Folded category title, followed by the raw category when it differs. */
  category: string;
  categoryMask: number;
  environment: string;
  description: string;
  /** Folded title and raw category, for `category:`. */
  categoryKeys: readonly string[];
}

export function createSearchIndex<T extends SearchableApp>(apps: readonly T[]): SearchIndex<T> {
  const entries = apps.map(indexApp);
  return { search: (query, context = {}) => searchEntries(entries, query, context) };
}

function indexApp<T extends SearchableApp>(app: T, position: number): IndexedApp<T> {
  const title = foldText(categoryTitle(app.category));
  const raw = foldText(app.category.trim());
  // The raw category is searched too when it differs (`apps` is shown as `Applications`).
  const category = raw === '' || raw === title ? title : `${title} ${raw}`;
  const name = foldWithMap(app.name);
  return {
    app,
    position,
    name,
    nameMask: letterMask(name.folded),
    category,
    categoryMask: letterMask(category),
    environment: foldText(ENVIRONMENT_LABELS[app.env]),
    description: foldText(app.description),
    categoryKeys: [title, raw],
  };
}

function searchEntries<T extends SearchableApp>(
  entries: readonly IndexedApp<T>[],
  query: string | ParsedQuery,
  context: SearchContext,
): SearchHit<T>[] {
  const parsed = typeof query === 'string' ? parseSearchQuery(query) : query;
  if (isEmptyQuery(parsed)) return entries.map(({ app }) => ({ app, score: 0, nameMatches: [] }));

  let candidates = entries.filter(filterFor(parsed, context));
  const words = [...new Set(parsed.words.map(foldText))].filter((word) => word.trim() !== '');
  if (words.length === 0) {
    return candidates.map(({ app }) => ({ app, score: 0, nameMatches: [] }));
  }

  const scores = new Float64Array(entries.length);
  const nameRanges: ([number, number][] | undefined)[] = [];
  for (const word of words) {
    const typos = typoMatches(candidates, word);
    const matching: IndexedApp<T>[] = [];
    for (const entry of candidates) {
      const match = matchWord(
        entry,
        word,
        typos.names.get(entry.position),
        typos.categories.get(entry.category),
      );
      if (match === null) continue;
      scores[entry.position] = (scores[entry.position] ?? 0) + match.score;
      if (match.nameRange) (nameRanges[entry.position] ??= []).push(match.nameRange);
      matching.push(entry);
    }
    candidates = matching;
    if (candidates.length === 0) return [];
  }

  return candidates
    .sort(
      (a, b) => (scores[b.position] ?? 0) - (scores[a.position] ?? 0) || a.position - b.position,
    )
    .map((entry) => ({
      app: entry.app,
      score: scores[entry.position] ?? 0,
      nameMatches: toOriginalRanges(entry.name, nameRanges[entry.position] ?? []),
    }));
}

function filterFor(query: ParsedQuery, context: SearchContext) {
  const categories = query.categories.map(foldText);
  const favorites = context.favoriteIds ?? new Set<string>();
  return (entry: IndexedApp<SearchableApp>): boolean => {
    const { app } = entry;
    if (query.environments.length > 0 && !query.environments.includes(app.env)) return false;
    if (query.statuses.length > 0) {
      const status = context.statusById?.get(app.id) ?? 'unknown';
      const flapping = query.statuses.includes('flapping') && context.flappingIds?.has(app.id);
      if (!flapping && (status === 'unknown' || !query.statuses.includes(status))) return false;
    }
    if (categories.length > 0 && !categories.some((c) => entry.categoryKeys.includes(c))) {
      return false;
    }
    const locked = app.locked === true;
    if (query.lockedOnly && !locked) return false;
    // A locked card is never a favourite, whatever list of ids the caller passes.
    return !query.favoritesOnly || (!locked && favorites.has(app.id));
  };
}

/**
 * Typo matches of one word in the names and categories, of the apps still in the running, that
 * do not contain the word as it is (an exact occurrence always scores higher).
 */
function typoMatches<T>(candidates: readonly IndexedApp<T>[], word: string) {
  const names = new Map<number, TypoMatch>();
  const categories = new Map<string, TypoMatch>();
  const mayMatch = typoPrefilter(word);
  const unmatchedNames = candidates.filter(
    (entry) => mayMatch(entry.nameMask) && !entry.name.folded.includes(word),
  );
  findTypoMatches(
    word,
    unmatchedNames.map((entry) => entry.name.folded),
  ).forEach((match, i) => {
    const entry = unmatchedNames[i];
    if (match && entry) names.set(entry.position, match);
  });
  // Many apps share a category: each distinct one is searched once.
  const unmatchedCategories = new Set<string>();
  for (const entry of candidates) {
    if (mayMatch(entry.categoryMask) && !entry.category.includes(word)) {
      unmatchedCategories.add(entry.category);
    }
  }
  const categoryTexts = [...unmatchedCategories];
  findTypoMatches(word, categoryTexts).forEach((match, i) => {
    const text = categoryTexts[i];
    if (match && text !== undefined) categories.set(text, match);
  });
  return { names, categories };
}

interface WordMatch {
  /** The word's score in this app: its best field's weight times the match quality. */
  score: number;
  /** Where the word matched the folded name, inclusive; null when it did not. */
  nameRange: [number, number] | null;
}

function matchWord(
  entry: IndexedApp<SearchableApp>,
  word: string,
  nameTypo: TypoMatch | undefined,
  categoryTypo: TypoMatch | undefined,
): WordMatch | null {
  const { name } = entry;
  let score = 0;
  let nameRange: [number, number] | null = null;

  if (name.folded === word) {
    return { score: FIELD_WEIGHTS.name * MATCH_QUALITY.wholeName, nameRange: [0, word.length - 1] };
  }
  const inName = findExact(name.folded, word, name.wordStart);
  if (inName) {
    score = FIELD_WEIGHTS.name * inName.quality;
    nameRange = [inName.at, inName.at + word.length - 1];
  } else if (nameTypo) {
    nameRange = typoRange(name.folded, word, nameTypo, name.wordStart);
    if (nameRange) score = FIELD_WEIGHTS.name * typoQuality(nameTypo);
  }

  // The other fields can only raise the score if their best could beat it.
  if (score < FIELD_WEIGHTS.category * MATCH_QUALITY.wholeWord) {
    const inCategory = findExact(entry.category, word, null);
    if (inCategory) {
      score = Math.max(score, FIELD_WEIGHTS.category * inCategory.quality);
    } else if (categoryTypo && typoRange(entry.category, word, categoryTypo, null)) {
      score = Math.max(score, FIELD_WEIGHTS.category * typoQuality(categoryTypo));
    }
  }
  if (score < FIELD_WEIGHTS.environment * MATCH_QUALITY.wholeWord) {
    const inEnvironment = findExact(entry.environment, word, null);
    if (inEnvironment) score = Math.max(score, FIELD_WEIGHTS.environment * inEnvironment.quality);
  }
  if (score < FIELD_WEIGHTS.description * MATCH_QUALITY.wholeWord) {
    const inDescription = findExact(entry.description, word, null);
    if (inDescription) score = Math.max(score, FIELD_WEIGHTS.description * inDescription.quality);
  }

  return score > 0 ? { score, nameRange } : null;
}

/**
 * The best occurrence of `word` in `text`: a whole word, else the start of a word, else (words
 * long enough) inside a word. `wordStart` marks where words start; null means after any
 * character that is not a letter or digit.
 */
function findExact(
  text: string,
  word: string,
  wordStart: readonly boolean[] | null,
): { quality: number; at: number } | null {
  let best: { quality: number; at: number } | null = null;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (startsWord(text, at, wordStart)) {
      const end = at + word.length;
      if (!isWordCharAt(text, end) || startsWord(text, end, wordStart)) {
        return { quality: MATCH_QUALITY.wholeWord, at };
      }
      if (best === null || best.quality < MATCH_QUALITY.wordStart) {
        best = { quality: MATCH_QUALITY.wordStart, at };
      }
    } else if (best === null && word.length >= MIN_INSIDE_WORD_LENGTH) {
      best = { quality: MATCH_QUALITY.insideWord, at };
    }
  }
  return best;
}

function startsWord(text: string, index: number, wordStart: readonly boolean[] | null): boolean {
  if (wordStart) return wordStart[index] === true;
  return index === 0 || !isWordCharAt(text, index - 1);
}

/**
 * Where a typo match lies, or null when it does not begin at a word (one character later is
 * fine: the typo may be in the first letter), so `date` does not find `Template`. The marks
 * Fuse returns can run past the word (`rsutdio` marks `RStudio S`), so a word without
 * separators is kept within one word of the text.
 */
function typoRange(
  text: string,
  word: string,
  match: TypoMatch,
  wordStart: readonly boolean[] | null,
): [number, number] | null {
  const first = match.indices[0];
  const last = match.indices.at(-1);
  if (!first || !last) return null;
  const start = first[0];
  if (
    !startsWord(text, start, wordStart) &&
    !(start > 0 && startsWord(text, start - 1, wordStart))
  ) {
    return null;
  }
  let end = last[1];
  if (isSingleWord(word)) {
    for (let i = start; i <= end; i += 1) {
      if (!isWordCharAt(text, i)) {
        end = i - 1;
        break;
      }
    }
  }
  return [start, end];
}

function isSingleWord(word: string): boolean {
  for (let i = 0; i < word.length; i += 1) if (!isWordCharAt(word, i)) return false;
  return true;
}

function typoQuality(match: TypoMatch): number {
  return MATCH_QUALITY.typo * (1 - match.score);
}

function toOriginalRanges(name: MappedText, ranges: [number, number][]): MatchRange[] {
  if (ranges.length === 0) return [];
  const sorted = ranges
    .map(([from, to]) => ({ start: name.origin[from] ?? 0, end: name.originEnd[to] ?? 0 }))
    .filter((range) => range.end > range.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: MatchRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * Typo-tolerant matching of one word, by Fuse.js (its Bitap search). Texts and words are folded
 * before they get here (fold.ts), so Fuse compares them as they are.
 *
 * Fuse scans every text it is given, about a microsecond each; a cheap letter test first drops
 * the texts that cannot match, so a keystroke over 2,000 names stays well under a millisecond.
 * Why Fuse only for typos: docs/decisions/0004-search-library.md.
 */
import Fuse from 'fuse.js';

/** Words shorter than this get no typo tolerance: one typo in three letters matches anything. */
export const MIN_TYPO_WORD_LENGTH = 4;

/**
 * Fuse's score limit: typos / word length, with the location ignored. Allows one typo from 4
 * letters, two from 7, three from 11.
 */
export const TYPO_THRESHOLD = 0.29;

/** Fuse splits longer patterns into 32-character pieces, which the letter test does not model. */
const FUSE_MAX_PATTERN_LENGTH = 32;

export interface TypoMatch {
  /** Fuse's score: typos / word length, from 0.001 (none) up to `TYPO_THRESHOLD`. */
  score: number;
  /** Indices of the characters Fuse marked in the text, inclusive ranges, in order. */
  indices: readonly (readonly [number, number])[];
}

const FUSE_OPTIONS = {
  isCaseSensitive: true, // already folded: this also spares Fuse lower-casing every text
  ignoreLocation: true, // a word may be anywhere in a name
  ignoreFieldNorm: true, // keep the score the plain typo ratio
  threshold: TYPO_THRESHOLD,
  includeMatches: true,
  includeScore: true,
  shouldSort: false,
};

/** How many typos a word may have (0 for words too short to get any). */
export function allowedTypos(word: string): number {
  if (word.length < MIN_TYPO_WORD_LENGTH) return 0;
  // The small epsilon keeps 0.29 * 7 = 2.03 from flooring wrong on a float error.
  return Math.floor(TYPO_THRESHOLD * word.length + 1e-9);
}

/**
 * A bit per letter a-z, one for all digits, and five shared by every other character. Two
 * different characters may share a bit, never the reverse, so the test below can only err on
 * the side of letting a text through.
 */
export function letterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i += 1) mask |= letterBit(text.charCodeAt(i));
  return mask;
}

function letterBit(code: number): number {
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  if (code >= 48 && code <= 57) return 1 << 26;
  return 1 << (27 + (code % 5));
}

/**
 * A test that a text (given by its `letterMask`) may contain `word` with the typos allowed:
 * each character of the word that the text lacks must be replaced or dropped, one typo each.
 */
export function typoPrefilter(word: string): (textMask: number) => boolean {
  const typos = allowedTypos(word);
  if (typos === 0) return () => false;
  if (word.length > FUSE_MAX_PATTERN_LENGTH) return () => true;
  // How many characters of the word fall on each bit.
  const bits: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < word.length; i += 1) {
    const bit = letterBit(word.charCodeAt(i));
    const known = bits.indexOf(bit);
    if (known === -1) {
      bits.push(bit);
      counts.push(1);
    } else {
      counts[known] = (counts[known] ?? 0) + 1;
    }
  }
  return (textMask) => {
    let missing = 0;
    for (let i = 0; i < bits.length; i += 1) {
      if ((textMask & (bits[i] ?? 0)) === 0) {
        missing += counts[i] ?? 0;
        if (missing > typos) return false;
      }
    }
    return true;
  };
}

/** Fuse's best typo-tolerant occurrence of `word` in each text, or undefined where there is none. */
export function findTypoMatches(word: string, texts: readonly string[]): (TypoMatch | undefined)[] {
  const found: (TypoMatch | undefined)[] = new Array<TypoMatch | undefined>(texts.length);
  if (texts.length === 0 || allowedTypos(word) === 0) return found;
  for (const result of new Fuse(texts, FUSE_OPTIONS).search(word)) {
    const indices = result.matches?.[0]?.indices ?? [];
    if (indices.length > 0) {
      found[result.refIndex] = { score: result.score ?? TYPO_THRESHOLD, indices };
    }
  }
  return found;
}

/**
 * Text folding for search: case, accents and a few letters without a decomposition are made
 * equal, so `genomica` finds `Génomica` and `GALAXY` finds `Galaxy`. Query words and indexed
 * fields go through the same folding; names also keep a map back to their original indices so
 * the matched parts can be highlighted.
 */

const COMBINING_MARKS = /\p{M}/gu;

/** Letters that NFD does not split into a base letter and a mark, after lower-casing. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  // Whole-string lower-casing turns a final capital sigma into ς, one character at a time gives σ.
  ς: 'σ',
};
const SPECIAL_LETTER_PATTERN = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join('')}]`, 'gu');

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Folds a whole string: what query words and the fields without highlighting go through. */
export function foldText(text: string): string {
  if (isPlainAscii(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(COMBINING_MARKS, '')
    .replace(SPECIAL_LETTER_PATTERN, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}

/** A folded text that remembers where each of its characters came from. */
export interface MappedText {
  /** The folded text; equal to `foldText(original)`. */
  folded: string;
  /** For each folded UTF-16 unit, the first original unit it came from. */
  origin: readonly number[];
  /** For each folded UTF-16 unit, one past the last original unit it came from. */
  originEnd: readonly number[];
  /** For each folded unit, whether a word starts there (after a separator, or a camelCase hump). */
  wordStart: readonly boolean[];
}

export function foldWithMap(original: string): MappedText {
  let folded = '';
  const origin: number[] = [];
  const originEnd: number[] = [];
  const wordStart: boolean[] = [];
  const chars = Array.from(original);
  let offset = 0;
  for (let c = 0; c < chars.length; c += 1) {
    const char = chars[c] ?? '';
    const piece = foldChar(char);
    const end = offset + char.length;
    if (piece === '') {
      // A combining mark on its own (text in NFD form): it belongs to the letter before it.
      if (originEnd.length > 0) originEnd[originEnd.length - 1] = end;
    } else {
      const startsWord = isWordCharAt(piece, 0) && startsWordAt(chars, c, folded);
      for (let k = 0; k < piece.length; k += 1) {
        origin.push(offset);
        originEnd.push(end);
        wordStart.push(k === 0 && startsWord);
      }
      folded += piece;
    }
    offset = end;
  }
  return { folded, origin, originEnd, wordStart };
}

/** Whether `text[index]` is a letter or digit (false outside the text). */
export function isWordCharAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  }
  return LETTER_OR_DIGIT.test(text.charAt(index));
}

function foldChar(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : char;
  return foldText(char);
}

function startsWordAt(chars: readonly string[], c: number, foldedSoFar: string): boolean {
  if (!isWordCharAt(foldedSoFar, foldedSoFar.length - 1)) return true;
  // camelCase humps: JupyterHub -> Jupyter|Hub, MultiQC -> Multi|QC, RStudio -> R|Studio.
  const char = chars[c] ?? '';
  if (!isUpperCase(char)) return false;
  const previous = chars[c - 1] ?? '';
  const next = chars[c + 1] ?? '';
  return !isUpperCase(previous) || isLowerCase(next);
}

function isUpperCase(char: string): boolean {
  return char !== '' && char !== char.toLowerCase() && char === char.toUpperCase();
}

function isLowerCase(char: string): boolean {
  return char !== '' && char !== char.toUpperCase() && char === char.toLowerCase();
}

function isPlainAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 127) return false;
  return true;
}

import type { MatchRange } from './search-index.js';

export interface TextPart {
  text: string;
  highlighted: boolean;
}

/**
 * Cuts `text` into plain and highlighted parts along `ranges` (sorted, not overlapping, as
 * `SearchHit.nameMatches` are), ready to render as text and `<mark>` elements.
 */
export function highlightParts(text: string, ranges: readonly MatchRange[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) parts.push({ text: text.slice(at, from), highlighted: false });
    parts.push({ text: text.slice(from, to), highlighted: true });
    at = to;
  }
  if (at < text.length) parts.push({ text: text.slice(at), highlighted: false });
  return parts;
}

import { highlightParts } from '../../../../shared/search/highlight.js';
import type { MatchRange } from '../../../../shared/search/search-index.js';

/** `text` with the matched ranges in `<mark>`; always rendered as text, never as HTML. */
export function HighlightedText({
  text,
  matches,
}: {
  text: string;
  matches: readonly MatchRange[];
}) {
  return highlightParts(text, matches).map((part, index) =>
    part.highlighted ? (
      <mark key={index} className="bg-warning text-warning-content rounded-xs">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

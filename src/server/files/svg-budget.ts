/** The deepest nesting of elements an SVG logo may have (real logos stay far below 20). */
export const MAX_SVG_DEPTH = 64;
/** The most elements an SVG logo may have: the sanitiser's work grows with them. */
export const MAX_SVG_ELEMENTS = 10_000;

/** Why an SVG is refused before it is parsed. */
export interface SvgBudgetExceeded {
  kind: 'depth' | 'elements';
  message: string;
}

const NAME = /[A-Za-z_:][-\w:.]*/y;

/**
 * Counts the elements of an SVG and its deepest nesting in one pass over the text, without
 * building anything, so the sanitiser (a DOM, whose work grows with depth and element count)
 * never sees a document that would take it seconds or overflow its stack. Lenient like the
 * HTML parser behind the sanitiser: comments, CDATA, processing instructions and declarations
 * are skipped, quoted attribute values may hold `>`, and an end tag closes the nearest open
 * element of its name (one with no open match is ignored, as the parser does), so stray end
 * tags cannot hide depth. Undefined when within budget.
 */
export function svgBudgetExceeded(text: string): SvgBudgetExceeded | undefined {
  const open: string[] = [];
  let elements = 0;
  let index = text.indexOf('<');
  while (index !== -1 && index < text.length) {
    const next = text[index + 1];
    if (text.startsWith('<!--', index)) {
      const end = text.indexOf('-->', index + 4);
      index = end === -1 ? -1 : text.indexOf('<', end + 3);
      continue;
    }
    if (text.startsWith('<![CDATA[', index)) {
      const end = text.indexOf(']]>', index + 9);
      index = end === -1 ? -1 : text.indexOf('<', end + 3);
      continue;
    }
    if (next === '?' || next === '!') {
      const end = text.indexOf('>', index + 2);
      index = end === -1 ? -1 : text.indexOf('<', end + 1);
      continue;
    }
    const closing = next === '/';
    NAME.lastIndex = index + (closing ? 2 : 1);
    const name = NAME.exec(text)?.[0];
    if (name === undefined) {
      index = text.indexOf('<', index + 1);
      continue;
    }
    // The end of the tag: the first '>' outside a quoted attribute value.
    let position = NAME.lastIndex;
    let quote: string | undefined;
    while (position < text.length) {
      const char = text[position]!;
      if (quote) {
        if (char === quote) quote = undefined;
      } else if (char === '"' || char === "'") {
        quote = char;
      } else if (char === '>') {
        break;
      }
      position += 1;
    }
    const lower = name.toLowerCase();
    if (closing) {
      const match = open.lastIndexOf(lower);
      if (match !== -1) open.length = match;
    } else {
      elements += 1;
      if (elements > MAX_SVG_ELEMENTS) {
        return {
          kind: 'elements',
          message: `The SVG has more than ${MAX_SVG_ELEMENTS} elements; simplify it or use a PNG.`,
        };
      }
      if (text[position - 1] !== '/') {
        open.push(lower);
        if (open.length > MAX_SVG_DEPTH) {
          return {
            kind: 'depth',
            message: `The SVG nests elements more than ${MAX_SVG_DEPTH} levels deep; simplify it or use a PNG.`,
          };
        }
      }
    }
    index = text.indexOf('<', position + 1);
  }
  return undefined;
}

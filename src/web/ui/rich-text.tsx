import { Fragment, type ReactNode } from 'react';

/** Brackets a placeholder's name in a translated text (a character no message contains). */
const MARK = '\u2063';

/**
 * The value to give a message's placeholder that is to become an element (a link, `<code>`,
 * `<strong>`): `t(…, { state: markFor('state') })`, then `<RichText text={…} parts={{ state:
 * <strong>…</strong> }} />`. The translation keeps its own word order around the element.
 */
export function markFor(name: string): string {
  return `${MARK}${name}${MARK}`;
}

/** A translated text with its marked placeholders replaced by elements (`markFor`). */
export function RichText({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  return text
    .split(MARK)
    .map((piece, index) =>
      index % 2 === 1 ? <Fragment key={index}>{parts[piece] ?? null}</Fragment> : piece,
    );
}

// The one rule for control characters in text: app, notice and branding fields, reasons and
// notes of access requests, group names, and path and query values (server/http/
// control-characters.ts). C0 (U+0000-U+001F), DEL (U+007F) and C1 (U+0080-U+009F) are never
// text: a terminal or a mail client may act on them (U+009B starts an escape sequence, U+0085
// breaks a line), and PostgreSQL cannot even store NUL.

// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, less tab, line feed and carriage return
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Whether `text` holds a control character. Text that spans lines (a description, a notice's
 * text, a reason) may hold tabs and line breaks (`multiline`); everything else (names,
 * categories, group names, links, ids) holds none.
 */
export function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_BUT_LINES : CONTROL).test(text);
}

/** The messages of a field that holds control characters (they follow the field's name). */
export const ONE_LINE = 'must be one line of plain text (no control characters)';
export const PLAIN_TEXT = 'must be plain text (no control characters)';

import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './control-characters.js';

describe('hasControlCharacters: C0, DEL and C1, never text', () => {
  it.each<[string, string, boolean, boolean]>([
    ['plain text', 'Genomics apps', false, false],
    ['letters beyond Latin-1', 'Übersicht – 解析 🧬', false, false],
    ['NUL', 'a\u0000b', true, true],
    ['BEL', 'a\u0007b', true, true],
    ['ESC', 'a\u001b[31mb', true, true],
    ['DEL', 'a\u007fb', true, true],
    ['the first C1, U+0080', 'a\u0080b', true, true],
    ['NEL, U+0085', 'a\u0085b', true, true],
    ['CSI, U+009B', 'a\u009b31mb', true, true],
    ['the last C1, U+009F', 'a\u009fb', true, true],
    ['no-break space, U+00A0 (text)', 'a\u00a0b', false, false],
    ['a tab', 'a\tb', true, false],
    ['a line feed', 'a\nb', true, false],
    ['a carriage return', 'a\r\nb', true, false],
    ['a form feed', 'a\fb', true, true],
  ])('%s: one line %s, several lines %s', (_name, text, oneLine, multiline) => {
    expect(hasControlCharacters(text)).toBe(oneLine);
    expect(hasControlCharacters(text, { multiline: true })).toBe(multiline);
  });
});

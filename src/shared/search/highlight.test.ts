import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight.js';

const plain = (text: string) => ({ text, highlighted: false });
const marked = (text: string) => ({ text, highlighted: true });

describe('highlightParts', () => {
  it.each([
    ['Galaxy', [], [plain('Galaxy')]],
    ['Galaxy', [{ start: 0, end: 6 }], [marked('Galaxy')]],
    ['Galaxy Europe', [{ start: 0, end: 3 }], [marked('Gal'), plain('axy Europe')]],
    [
      'Galaxy Europe',
      [
        { start: 0, end: 3 },
        { start: 7, end: 10 },
      ],
      [marked('Gal'), plain('axy '), marked('Eur'), plain('ope')],
    ],
    ['JupyterHub', [{ start: 7, end: 10 }], [plain('Jupyter'), marked('Hub')]],
    // Out-of-range or empty ranges are ignored rather than producing broken parts.
    ['Galaxy', [{ start: 4, end: 40 }], [plain('Gala'), marked('xy')]],
    ['Galaxy', [{ start: 3, end: 3 }], [plain('Galaxy')]],
    ['', [{ start: 0, end: 2 }], []],
  ])('%j with %j', (text, ranges, parts) => {
    expect(highlightParts(text, ranges)).toEqual(parts);
  });
});

import { describe, expect, it } from 'vitest';
import { foldText, foldWithMap } from './fold.js';

describe('foldText', () => {
  it.each([
    ['Galaxy', 'galaxy'],
    ['GALAXY', 'galaxy'],
    ['Génomica', 'genomica'],
    ['Ge\u0301nomica', 'genomica'], // the same word in NFD form
    ['Écologie Œuvre', 'ecologie oeuvre'],
    ['Straße', 'strasse'],
    ['Søren Łódź', 'soren lodz'],
    ['ΟΔΟΣ', 'οδοσ'],
    ['', ''],
  ])('%j folds to %j', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});

describe('foldWithMap', () => {
  it.each(['Galaxy Europe', 'Génomica', 'Ge\u0301nomica', 'Straße', 'ΟΔΟΣ', 'İstanbul', 'a🙂b'])(
    'folds %j exactly as foldText does',
    (text) => {
      expect(foldWithMap(text).folded).toBe(foldText(text));
    },
  );

  it('maps each folded character back to the original characters it came from', () => {
    const mapped = foldWithMap('Ge\u0301no Straße');
    // "e" + combining accent are one original letter: the accent belongs to the "e".
    expect(mapped.folded).toBe('geno strasse');
    expect(mapped.origin.slice(0, 3)).toEqual([0, 1, 3]);
    expect(mapped.originEnd.slice(0, 3)).toEqual([1, 3, 4]);
    // "ß" folds to "ss": both come from the same original character.
    expect(mapped.origin.slice(-3, -1)).toEqual([10, 10]);
    expect(mapped.originEnd.slice(-3, -1)).toEqual([11, 11]);
  });

  it.each([
    ['Galaxy Europe', 'Galaxy|Europe'],
    ['JupyterHub', 'Jupyter|Hub'],
    ['MultiQC', 'Multi|QC'],
    ['RStudio Server', 'R|Studio|Server'],
    ['IGV-Web', 'IGV|Web'],
    ['cBioPortal', 'c|Bio|Portal'],
    ['Lab 12', 'Lab|12'],
    ['Écologie', 'Écologie'],
  ])('finds the words of %j: %j', (name, words) => {
    const { wordStart, origin } = foldWithMap(name);
    const starts = wordStart.flatMap((starts, i) => (starts ? [origin[i] ?? -1] : []));
    const expected = words.split('|').map((word) => name.indexOf(word));
    expect(starts).toEqual(expected);
  });
});

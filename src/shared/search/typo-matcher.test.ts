import { describe, expect, it } from 'vitest';
import { allowedTypos, findTypoMatches, letterMask, typoPrefilter } from './typo-matcher.js';

describe('allowedTypos', () => {
  it.each([
    ['', 0],
    ['gal', 0],
    ['gala', 1],
    ['galxy', 1],
    ['rstudo', 1],
    ['rsutdio', 2],
    ['jupyterhb', 2],
    ['jupyterhubx', 3],
  ])('%j may have %i', (word, typos) => {
    expect(allowedTypos(word)).toBe(typos);
  });
});

describe('findTypoMatches', () => {
  it('finds words with typos and says where', () => {
    const [galaxy, omero, rstudio] = findTypoMatches('galxy', ['galaxy', 'omero', 'rstudio']);
    expect(galaxy?.score).toBeCloseTo(1 / 5);
    expect(galaxy?.indices[0]?.[0]).toBe(0);
    expect(omero).toBeUndefined();
    expect(rstudio).toBeUndefined();
  });

  it.each([
    ['rstudo', 'rstudio server', true],
    ['rsutdio', 'rstudio server', true],
    ['galaxy', 'galaxy', true],
    ['genomica', 'genomics tools', true],
    ['gal', 'gxl', false], // too short for typos
    ['galaxy', 'gxlxxy', false], // two typos in six letters
    ['notebook', 'omero', false],
  ])('%j in %j: %j', (word, text, found) => {
    expect(findTypoMatches(word, [text])[0] !== undefined).toBe(found);
  });

  it('returns nothing for no texts', () => {
    expect(findTypoMatches('galaxy', [])).toEqual([]);
  });
});

describe('typoPrefilter', () => {
  it.each([
    ['galxy', 'galaxy europe', true],
    ['rstudo', 'rstudio', true],
    ['genomica', 'genomics', true], // one letter missing, two typos allowed
    ['zzzz', 'puzzle', true], // z is there
    ['zzzz', 'galaxy', false], // four missing z's are four typos
    ['gala', 'omero', false],
    ['gal', 'galaxy', false], // no typos for short words: never worth asking
  ])('%j may be in %j: %j', (word, text, passes) => {
    expect(typoPrefilter(word)(letterMask(text))).toBe(passes);
  });

  it('never drops a text in which Fuse finds the word', () => {
    // Small alphabets make near misses common; the filter must let every real match through.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = (alphabet: string, length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const edit = (word: string) => {
      const at = Math.floor(random() * word.length);
      const kind = Math.floor(random() * 3);
      const char = pick('abcdexyz1é-', 1);
      if (kind === 0) return word.slice(0, at) + char + word.slice(at + 1); // replace
      if (kind === 1) return word.slice(0, at) + word.slice(at + 1); // drop
      return word.slice(0, at) + char + word.slice(at); // insert
    };
    let matches = 0;
    let misses = 0;
    for (let i = 0; i < 3000; i += 1) {
      const text = pick('abcdefg 1é-', 6 + Math.floor(random() * 20));
      const from = Math.floor(random() * (text.length - 4));
      let word = text.slice(from, from + 4 + Math.floor(random() * 8));
      for (let typos = Math.floor(random() * 4); typos > 0; typos -= 1) word = edit(word);
      if (findTypoMatches(word, [text])[0]) {
        matches += 1;
        expect(typoPrefilter(word)(letterMask(text)), `${word} in ${text}`).toBe(true);
      } else {
        misses += 1;
      }
    }
    // The check above really ran, on matches and on near misses.
    expect(misses).toBeGreaterThan(100);
    expect(matches).toBeGreaterThan(1000);
  });
});

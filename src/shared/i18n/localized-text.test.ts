import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import {
  checkTextMap,
  localizedTextSchema,
  MAX_TEXT_LANGUAGES,
  sameText,
  textIn,
} from './localized-text.js';

const rules = {
  max: 10,
  check: (text: string) => (text.includes('\n') ? 'must be one line' : undefined),
};

describe('textIn', () => {
  const text = { en: 'Genome browser', de: 'Genombrowser', 'pt-BR': 'Navegador', fr: 'Navigateur' };

  it('gives a string as it is, whatever the language', () => {
    expect(textIn('Genome browser', 'de', 'en')).toBe('Genome browser');
  });

  it('takes the exact tag, then the primary subtag, then the default, then the first', () => {
    expect(textIn(text, 'de', 'en')).toBe('Genombrowser');
    expect(textIn(text, 'pt-br', 'en')).toBe('Navegador');
    expect(textIn(text, 'de-AT', 'en')).toBe('Genombrowser');
    expect(textIn(text, 'pt', 'en')).toBe('Navegador');
    expect(textIn(text, 'ar', 'en')).toBe('Genome browser');
    expect(textIn(text, 'ar', 'fr')).toBe('Navigateur');
    expect(textIn({ de: 'Genombrowser', es: 'Navegador' }, 'ar', 'en')).toBe('Genombrowser');
  });
});

describe('checkTextMap', () => {
  it('keeps a valid map, tags normalised and texts trimmed', () => {
    expect(checkTextMap({ EN: ' Genome ', 'pt-br': 'Genoma' }, rules)).toEqual({
      en: 'Genome',
      'pt-BR': 'Genoma',
    });
  });

  it('refuses an empty map, empty texts, bad tags, long texts and too many languages', () => {
    expect(checkTextMap({}, rules)).toMatch(/at least one language/);
    expect(checkTextMap({ de: '  ' }, rules)).toMatch(/"de" must not be empty/);
    expect(checkTextMap({ 'not a tag': 'x' }, rules)).toMatch(/not a language tag/);
    expect(checkTextMap({ __proto__x: 'x' }, rules)).toMatch(/not a language tag/);
    expect(checkTextMap({ de: 'x'.repeat(11) }, rules)).toMatch(/"de" must be at most 10/);
    expect(checkTextMap({ de: 'a\nb' }, rules)).toBe('"de" must be one line');
    expect(checkTextMap({ de: 3 }, rules)).toBe('"de" must be text');
    expect(checkTextMap({ de: 'a', DE: 'b' }, rules)).toMatch(/twice/);
    const many = Object.fromEntries(
      Array.from({ length: MAX_TEXT_LANGUAGES + 1 }, (_, i) => [
        `x${'abcdefghijklmnopqrstuvwxyz'[i]}`,
        'a',
      ]),
    );
    expect(checkTextMap(many, rules)).toMatch(/at most 20 languages/);
    expect(checkTextMap(['en'], rules)).toMatch(/must be text, or texts by language/);
  });
});

describe('localizedTextSchema', () => {
  const schema = Compile(localizedTextSchema(10));

  it('takes a string or a map of 1 to 20 tags to non-empty texts', () => {
    expect(schema.Check('Genome')).toBe(true);
    expect(schema.Check({ en: 'Genome', 'pt-BR': 'Genoma' })).toBe(true);
    expect(schema.Check({})).toBe(false);
    expect(schema.Check({ en: '' })).toBe(false);
    expect(schema.Check({ 'no tag': 'x' })).toBe(false);
    expect(schema.Check({ en: 'x'.repeat(11) })).toBe(false);
  });
});

describe('sameText', () => {
  it('compares maps whatever their order', () => {
    expect(sameText({ en: 'a', de: 'b' }, { de: 'b', en: 'a' })).toBe(true);
    expect(sameText({ en: 'a' }, 'a')).toBe(false);
    expect(sameText('a', 'a')).toBe(true);
  });
});

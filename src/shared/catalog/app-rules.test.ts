import { hasControlCharacters } from '../text/control-characters.js';
import { describe, expect, it } from 'vitest';
import {
  checkAppFields,
  describeFieldErrors,
  IMMUTABLE_ID,
  isWebUrl,
  slugify,
} from './app-rules.js';

describe('checkAppFields (a new app)', () => {
  it('fills defaults, trims, derives the id and normalises groups', () => {
    expect(
      checkAppFields({
        name: '  RStudio Server ',
        associatedGroups: ['/genomics', ' staff ', 'genomics', ''],
      }),
    ).toEqual({
      fields: {
        id: 'rstudio-server',
        name: 'RStudio Server',
        description: '',
        doc: '',
        github: '',
        link: '',
        env: 'prod',
        category: 'apps',
        isPublic: false,
        associatedGroups: ['genomics', 'staff'],
        collectionId: 'apps',
        access: null,
      },
      errors: {},
    });
  });

  it('names every bad field once, with a readable message', () => {
    const { errors } = checkAppFields({
      id: 'Has Spaces',
      name: 42,
      description: ['x'],
      link: 'javascript:alert(1)',
      doc: 'not a url',
      github: 'data:text/html,x',
      env: 'production',
      category: 'x'.repeat(101),
      isPublic: 'yes',
      associatedGroups: 'genomics',
      collectionId: '../x',
      colour: 'blue',
    });
    expect(errors).toEqual({
      colour: 'is not a known field',
      name: 'must be text',
      id: 'must be lowercase letters, digits, "-" or "_" (got "Has Spaces")',
      description: 'must be text',
      doc: 'must be an http(s) URL (got "not a url")',
      github: 'must be an http(s) URL (got "data:text/html,x")',
      link: 'must be an http(s) URL (got "javascript:alert(1)")',
      env: 'must be one of prod, stage, dev (got "production")',
      category: 'must be at most 100 characters',
      isPublic: 'must be true or false',
      associatedGroups: 'must be a list of group names',
      collectionId: 'must be lowercase letters, digits, "-" or "_"',
    });
    expect(describeFieldErrors({ env: 'must be text' })).toEqual(['field "env" must be text']);
  });

  it.each([
    [{}, { name: 'is required' }],
    [{ name: '   ' }, { name: 'is required' }],
    [{ name: '!!!' }, { id: 'is missing and cannot be derived from the name' }],
    [{ name: 'A', associatedGroups: Array(101).fill('g') }, { associatedGroups: /at most 100/ }],
    [{ name: 'A', associatedGroups: ['g'.repeat(201)] }, { associatedGroups: /200 characters/ }],
    [{ name: 'x'.repeat(201) }, { name: 'must be at most 200 characters' }],
    [{ name: 'A', vbscript: 1 }, { vbscript: 'is not a known field' }],
  ])('refuses %j', (raw, expected) => {
    const { errors } = checkAppFields(raw as Record<string, unknown>);
    for (const [field, message] of Object.entries(expected)) {
      if (message instanceof RegExp) expect(errors[field]).toMatch(message);
      else expect(errors[field]).toBe(message);
    }
  });

  it('accepts fields the caller handles itself', () => {
    expect(
      checkAppFields({ name: 'A', image: 'a.png' }, { extraFields: ['image'] }).errors,
    ).toEqual({});
  });
});

describe('checkAppFields and prototype keys', () => {
  it('names __proto__, constructor and prototype as errors that no key can pollute', () => {
    const raw = JSON.parse(
      '{"name": "A", "__proto__": {"isPublic": true}, "constructor": 1, "prototype": 2}',
    ) as Record<string, unknown>;
    for (const options of [{}, { partial: true }]) {
      const { fields, errors } = checkAppFields(raw, options);
      expect(Object.keys(errors)).toEqual(['__proto__', 'constructor', 'prototype']);
      expect(Object.entries(errors).every(([, m]) => m === 'is a reserved name, not a field')).toBe(
        true,
      );
      expect(fields.isPublic === true).toBe(false);
    }
  });
});

describe('checkAppFields (a partial update)', () => {
  it('checks and returns only the fields given; a name may not be emptied', () => {
    expect(checkAppFields({ description: ' new ', isPublic: true }, { partial: true })).toEqual({
      fields: { description: 'new', isPublic: true },
      errors: {},
    });
    expect(checkAppFields({ name: '' }, { partial: true }).errors).toEqual({ name: 'is required' });
    expect(checkAppFields({ link: '' }, { partial: true }).fields).toEqual({ link: '' });
  });

  it('refuses the id, which never changes, even when it is the same', () => {
    for (const id of ['other', 'galaxy', null, 3]) {
      expect(checkAppFields({ id }, { partial: true })).toEqual({
        fields: {},
        errors: { id: IMMUTABLE_ID },
      });
    }
  });
});

describe('isWebUrl', () => {
  it.each([
    ['https://galaxy.example.edu/', true],
    ['http://localhost:8080', true],
    ['javascript:alert(1)', false],
    ['vbscript:msgbox', false],
    ['data:text/html,<script>', false],
    ['ftp://example.edu', false],
    ['//example.edu', false],
    ['', false],
  ])('%j -> %j', (url, expected) => {
    expect(isWebUrl(url)).toBe(expected);
  });
});

describe('slugify', () => {
  it.each([
    ['RStudio Server', 'rstudio-server'],
    ['Génomique  & Co.', 'genomique-co'],
    ['!!!', ''],
  ])('%j -> %j', (name, id) => {
    expect(slugify(name)).toBe(id);
  });
});

describe('hasControlCharacters', () => {
  it.each<[string, boolean, boolean]>([
    // text, one line, multiline
    ['plain text é ✓', false, false],
    ['nul\u0000', true, true],
    ['bell\u0007', true, true],
    ['del\u007f', true, true],
    ['escape\u001b[31m', true, true],
    ['tab\there', true, false],
    ['two\nlines', true, false],
    ['crlf\r\n', true, false],
  ])('%j: one line %s, multiline %s', (text, oneLine, multiline) => {
    expect(hasControlCharacters(text)).toBe(oneLine);
    expect(hasControlCharacters(text, { multiline: true })).toBe(multiline);
  });
});

describe('checkAppFields: texts per language', () => {
  it('takes a name and description as texts by language, each checked by the field’s rules', () => {
    const { fields, errors } = checkAppFields({
      name: { en: ' Genome browser ', de: 'Genombrowser' },
      description: { en: 'Line one\nline two', 'pt-br': 'Navegador' },
    });
    expect(errors).toEqual({});
    expect(fields).toMatchObject({
      id: 'genome-browser',
      name: { en: 'Genome browser', de: 'Genombrowser' },
      description: { en: 'Line one\nline two', 'pt-BR': 'Navegador' },
    });
  });

  it('refuses a name of two lines in any language, and empty maps', () => {
    expect(checkAppFields({ name: { en: 'A', de: 'B\nC' } }).errors.name).toMatch(/^"de" must be/);
    expect(checkAppFields({ name: {} }).errors.name).toMatch(/at least one language/);
    expect(checkAppFields({ name: 'A', description: { fr: '' } }).errors.description).toMatch(
      /"fr" must not be empty/,
    );
  });
});

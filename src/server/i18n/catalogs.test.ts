import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { APP_FIELDS } from '../../shared/catalog/app-fields.js';
import { LANGUAGES, MESSAGE_NAMESPACES, SOURCE_LANGUAGE } from '../../shared/i18n/languages.js';
import { DEFAULT_LOCALES_DIR, loadCatalogs, readCatalog } from './catalogs.js';
import { createTranslators } from './translator.js';

const root = new URL('../../../', import.meta.url);

/**
 * The placeholders of an ICU message, as `name:type` (`count:plural`, `name:`), with the
 * placeholders inside plural and select branches; `#` is not a placeholder of its own.
 */
function placeholders(text: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(`${token.arg}:`);
      else if (token.type === 'function') found.add(`${token.arg}:${token.key}`);
      else if (
        token.type === 'plural' ||
        token.type === 'select' ||
        token.type === 'selectordinal'
      ) {
        found.add(`${token.arg}:${token.type}`);
        for (const branch of token.cases) walk(branch.tokens);
      }
    }
  };
  walk(parse(text));
  return [...found].sort();
}

describe('the message catalogs (locales/)', () => {
  const english = Object.fromEntries(
    MESSAGE_NAMESPACES.map((namespace) => [
      namespace,
      readCatalog(DEFAULT_LOCALES_DIR, SOURCE_LANGUAGE, namespace),
    ]),
  );

  for (const language of LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE)) {
    for (const namespace of MESSAGE_NAMESPACES) {
      it(`${language}/${namespace}.json has exactly English's ids, with the same placeholders`, () => {
        const catalog = readCatalog(DEFAULT_LOCALES_DIR, language, namespace);
        const source = english[namespace]!;
        expect(
          Object.keys(catalog).filter((id) => !(id in source)),
          'ids English lacks',
        ).toEqual([]);
        expect(
          Object.keys(source).filter((id) => !(id in catalog)),
          'ids missing',
        ).toEqual([]);
        const differing = Object.keys(source).filter(
          (id) =>
            id in catalog &&
            JSON.stringify(placeholders(catalog[id]!)) !==
              JSON.stringify(placeholders(source[id]!)),
        );
        expect(differing, 'messages whose placeholders differ from English').toEqual([]);
        const empty = Object.keys(catalog).filter((id) => catalog[id]!.trim() === '');
        expect(empty, 'empty translations').toEqual([]);
      });
    }
  }

  it('labels every field of an app (admin.apps.field.<name>; the other languages follow English)', () => {
    const missing = APP_FIELDS.filter((field) => !english.admin?.[`admin.apps.field.${field}`]);
    expect(missing).toEqual([]);
  });

  it('uses only the ICU the web app formats: placeholders, plural, select, plain number', () => {
    const unsupported: string[] = [];
    const walk = (tokens: Token[], where: string) => {
      for (const token of tokens) {
        if (token.type === 'function' && (token.key !== 'number' || token.param)) {
          unsupported.push(`${where}: {${token.arg}, ${token.key}, …}`);
        }
        if ('cases' in token) for (const branch of token.cases) walk(branch.tokens, where);
      }
    };
    for (const language of LANGUAGES) {
      for (const namespace of MESSAGE_NAMESPACES) {
        for (const [id, text] of Object.entries(
          readCatalog(DEFAULT_LOCALES_DIR, language, namespace),
        )) {
          walk(parse(text), `${language}/${namespace} ${id}`);
        }
      }
    }
    expect(unsupported, 'dates and styled numbers go through useLocale()').toEqual([]);
  });

  it('gives each id to one namespace only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const namespace of MESSAGE_NAMESPACES) {
      for (const id of Object.keys(english[namespace]!)) {
        if (seen.has(id)) twice.push(`${id} (${seen.get(id)} and ${namespace})`);
        seen.set(id, namespace);
      }
    }
    expect(twice).toEqual([]);
  });

  it('compiles every catalog of every language', () => {
    expect(() => loadCatalogs()).not.toThrow();
  });

  it('has every id the code asks for with a literal t("…") in English', () => {
    const known = new Set(MESSAGE_NAMESPACES.flatMap((n) => Object.keys(english[n]!)));
    const missing: string[] = [];
    const scan = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) scan(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = readFileSync(path, 'utf8');
          for (const match of text.matchAll(/\bt\(\s*(['"])([A-Za-z][\w.-]*)\1/g)) {
            if (!known.has(match[2]!)) {
              missing.push(`${relative(new URL(root).pathname, path)}: ${match[2]}`);
            }
          }
        }
      }
    };
    scan(new URL('src', root).pathname);
    expect(missing).toEqual([]);
  });

  it('knows placeholders, plurals and the placeholders inside their branches', () => {
    expect(placeholders('Hello {name}')).toEqual(['name:']);
    expect(placeholders('{count, plural, one {# app in {where}} other {# apps}}')).toEqual([
      'count:plural',
      'where:',
    ]);
    expect(placeholders('No placeholders')).toEqual([]);
  });
});

describe('loadCatalogs', () => {
  const withCatalogs = (files: Record<string, string>, test: (dir: string) => void) => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogs-'));
    try {
      for (const language of LANGUAGES) {
        mkdirSync(join(dir, language));
        for (const namespace of MESSAGE_NAMESPACES) {
          writeFileSync(
            join(dir, language, `${namespace}.json`),
            files[`${language}/${namespace}`] ?? '{}',
          );
        }
      }
      test(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('fills a gap in a language with English and formats plurals for the language', () => {
    withCatalogs(
      {
        'en/server': '{"a": "Apps: {n, plural, one {# app} other {# apps}}", "b": "Only English"}',
        'de/server': '{"a": "Apps: {n, plural, one {# App} other {# Apps}}"}',
      },
      (dir) => {
        const t = createTranslators(loadCatalogs(dir));
        expect(t('de')('a', { n: 1 })).toBe('Apps: 1 App');
        expect(t('de')('a', { n: 1200 })).toBe('Apps: 1.200 Apps');
        expect(t('de')('b')).toBe('Only English');
        expect(t('en')('missing.id')).toBe('missing.id');
      },
    );
  });

  it('refuses a catalog that is not an object of strings, or a broken message, naming it', () => {
    withCatalogs({ 'fr/admin': '["x"]' }, (dir) => {
      expect(() => loadCatalogs(dir)).toThrow(/fr\/admin\.json: a catalog is one JSON object/);
    });
    withCatalogs({ 'es/portal': '{"x": 3}' }, (dir) => {
      expect(() => loadCatalogs(dir)).toThrow(/"x" is not a string/);
    });
    withCatalogs({ 'ar/access': '{"x": "{count, plural, one {#}"}' }, (dir) => {
      expect(() => loadCatalogs(dir)).toThrow(/ar\/access\.json: "x" is not a valid ICU message/);
    });
  });

  it('writes JSON that is safe inside a script block', () => {
    withCatalogs({ 'en/portal': '{"x": "</script><!--"}' }, (dir) => {
      const json = loadCatalogs(dir).json('en', ['portal']);
      expect(json).not.toContain('<');
      expect(JSON.parse(json)).toEqual({ x: ['</script><!--'] });
    });
  });
});

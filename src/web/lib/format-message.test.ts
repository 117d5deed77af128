import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { createLocale } from './i18n.js';

/** Every catalog of the repository. */
const catalogs = import.meta.glob<Record<string, string>>('../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Values that walk every branch of a message: numbers for plurals, each case for selects. */
function samples(text: string): Record<string, unknown>[] {
  const choices = new Map<string, unknown[]>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') choices.set(token.arg, choices.get(token.arg) ?? ['X']);
      else if (token.type === 'function') choices.set(token.arg, [0, 2.5, 1234567]);
      else if (token.type === 'plural' || token.type === 'selectordinal') {
        choices.set(token.arg, [0, 1, 2, 3, 5, 11, 22, 100, 1001, 1.5]);
        for (const branch of token.cases) walk(branch.tokens);
      } else if (token.type === 'select') {
        choices.set(token.arg, [...token.cases.map((c) => c.key), 'zzz-unknown']);
        for (const branch of token.cases) walk(branch.tokens);
      }
    }
  };
  walk(parse(text));
  let rows: Record<string, unknown>[] = [{}];
  for (const [name, values] of choices) {
    rows = rows.flatMap((row) => values.map((value) => ({ ...row, [name]: value })));
    if (rows.length > 200) rows = rows.slice(0, 200);
  }
  return rows;
}

describe('formatMessage', () => {
  it("formats every message of every catalog exactly as Lingui's runtime does", () => {
    let checked = 0;
    for (const [path, catalog] of Object.entries(catalogs)) {
      const language = /locales\/([^/]+)\//.exec(path)![1] as 'en';
      const compiled = Object.fromEntries(
        Object.entries(catalog).map(([id, text]) => [id, compileMessage(text)]),
      );
      const lingui = setupI18n({ locale: language, messages: { [language]: compiled } });
      const ours = createLocale(language, compiled);
      for (const [id, text] of Object.entries(catalog)) {
        for (const values of samples(text)) {
          expect(ours.t(id, values), `${path} ${id} ${JSON.stringify(values)}`).toBe(
            lingui._(id, values),
          );
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('handles exact cases, offsets, ordinals, escapes and missing values', () => {
    const messages = {
      exact: compileMessage('{n, plural, =0 {none} one {# app} other {# apps}}'),
      offset: compileMessage('{n, plural, offset:1 =0 {nobody} one {you} other {you and #}}'),
      ordinal: compileMessage('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}'),
      quoted: compileMessage("it''s '{literal}' {name}"),
      nested: compileMessage(
        '{who, select, me {{n, plural, one {my app} other {my # apps}}} other {#}}',
      ),
    };
    const en = createLocale('en', messages);
    expect(en.t('exact', { n: 0 })).toBe('none');
    expect(en.t('exact', { n: 1 })).toBe('1 app');
    expect(en.t('exact', { n: 1200 })).toBe('1,200 apps');
    expect(en.t('offset', { n: 3 })).toBe('you and 2');
    expect(en.t('ordinal', { n: 22 })).toBe('22nd');
    expect(en.t('quoted', {})).toBe("it's {literal} ");
    expect(en.t('nested', { who: 'me', n: 3 })).toBe('my 3 apps');
    expect(en.t('nested', { who: 'constructor' })).toBe('#');
    expect(en.t('missing.id')).toBe('missing.id');
    expect(createLocale('ar', messages).t('exact', { n: 3 })).toBe(
      `${new Intl.NumberFormat('ar').format(3)} apps`,
    );
    const sized = createLocale('de', { size: compileMessage('{size, number} MiB') });
    expect(sized.t('size', { size: 2.5 })).toBe('2,5 MiB');
  });
});

import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n/languages.js';
import { numberSymbols, pageLocale, plainPercent, SERVER_FORMATS_ID } from './i18n.js';

describe('plainPercent', () => {
  const fractions = [0, 0.0001, 0.0005, 0.001, 0.05, 0.1, 0.5, 0.9, 0.99, 0.999, 0.9987, 0.9999, 1];
  for (let k = 0; k <= 10_000; k += 37) fractions.push(k / 10_000);

  it.each(LANGUAGES)(
    'writes what Intl writes in %s, with the symbols the server sends',
    (language) => {
      const symbols = numberSymbols(language);
      const intl = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
      for (const fraction of fractions) {
        expect(plainPercent(fraction, symbols), String(fraction)).toBe(intl.format(fraction));
      }
    },
  );

  it('writes other digits and separators as given', () => {
    const symbols = { digits: '٠١٢٣٤٥٦٧٨٩', decimal: '٫', percent: ['', '٪؜'] as [string, string] };
    expect(plainPercent(0.9987, symbols)).toBe('٩٩٫٨٧٪؜');
    expect(plainPercent(0.5, symbols)).toBe('٥٠٪؜');
  });
});

describe('pageLocale', () => {
  it('takes the server formats from their block', () => {
    const formats = { ...numberSymbols('de'), texts: { a: 'b' } };
    document.documentElement.lang = 'de';
    document.body.innerHTML = `<script type="application/json" id="${SERVER_FORMATS_ID}">${JSON.stringify(formats)}</script>`;
    const locale = pageLocale();
    expect(locale.language).toBe('de');
    expect(locale.server).toEqual(formats);
    document.body.innerHTML = '';
    expect(pageLocale().server).toBeUndefined();
    document.documentElement.lang = '';
  });
});

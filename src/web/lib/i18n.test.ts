import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES, PAGE_MESSAGES_ID, PAGE_NAMESPACES } from '../../shared/i18n/languages.js';
import { messagesOf } from '../test-support/messages.js';
import { server } from '../test-support/server.js';
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
  const URL = '/api/messages/de/page?v=abc123';
  /** A German page that names its messages as the server writes it (page-template.ts). */
  const germanPage = (blocks = '') => {
    document.documentElement.lang = 'de';
    document.head.innerHTML = `<link rel="preload" id="${PAGE_MESSAGES_ID}" href="${URL}" as="fetch" crossorigin="anonymous">`;
    document.body.innerHTML = blocks;
  };
  const asked: string[] = [];
  const answer = (...answers: (() => Response)[]) =>
    server.use(
      http.get('/api/messages/:language/page', ({ request }) => {
        const url = new globalThis.URL(request.url);
        asked.push(`${url.pathname}${url.search}`);
        return (answers.shift() ?? answers[0] ?? (() => HttpResponse.error()))();
      }),
    );
  const german = () => HttpResponse.json(messagesOf('de', PAGE_NAMESPACES));
  const unavailable = () => HttpResponse.json({ status: 503 }, { status: 503 });

  afterEach(() => {
    vi.restoreAllMocks();
    asked.length = 0;
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.documentElement.lang = '';
  });

  it('takes the server formats from their block', async () => {
    const formats = { ...numberSymbols('de'), texts: { a: 'b' } };
    document.documentElement.lang = 'de';
    document.body.innerHTML = `<script type="application/json" id="${SERVER_FORMATS_ID}">${JSON.stringify(formats)}</script>`;
    const locale = await pageLocale();
    expect(locale.language).toBe('de');
    expect(locale.server).toEqual(formats);
    document.body.innerHTML = '';
    expect((await pageLocale()).server).toBeUndefined();
  });

  it('fetches the messages the page names, once, and speaks them', async () => {
    const warn = vi.spyOn(console, 'warn');
    germanPage();
    answer(german);
    const locale = await pageLocale();
    expect(asked).toEqual([URL]);
    expect(locale.language).toBe('de');
    expect(locale.t('notFound.heading')).toBe('Seite nicht gefunden');
    expect(warn).not.toHaveBeenCalled();
  });

  it('tries a failed fetch once more, silently when that works', async () => {
    const warn = vi.spyOn(console, 'warn');
    germanPage();
    answer(unavailable, german);
    const locale = await pageLocale();
    expect(asked).toEqual([URL, URL]);
    expect(locale.t('notFound.heading')).toBe('Seite nicht gefunden');
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['an error status', unavailable],
    ['no network', () => HttpResponse.error()],
    ['no messages', () => HttpResponse.json(['not', 'messages'])],
  ])('keeps the language, shows ids and says so once on %s', async (_, failure) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    germanPage();
    answer(failure, failure);
    const locale = await pageLocale();
    expect(asked).toEqual([URL, URL]);
    expect(locale.language).toBe('de');
    expect(locale.t('notFound.heading')).toBe('notFound.heading');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('says nothing while the page is being left (its requests are cancelled)', async () => {
    const warn = vi.spyOn(console, 'warn');
    germanPage();
    answer(unavailable, unavailable);
    const locale = await pageLocale(document, { leaving: () => true });
    expect(locale.t('notFound.heading')).toBe('notFound.heading');
    expect(warn).not.toHaveBeenCalled();
  });

  it('asks for nothing on a page without messages (English, ids as themselves)', async () => {
    answer(german);
    const locale = await pageLocale();
    expect(asked).toEqual([]);
    expect(locale.language).toBe('en');
    expect(locale.t('notFound.heading')).toBe('notFound.heading');
  });
});

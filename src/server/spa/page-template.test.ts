import { describe, expect, it } from 'vitest';
import { PAGE_MESSAGES_ID } from '../../shared/i18n/languages.js';
import { parseTemplate, type PageParts } from './page-template.js';

const TEMPLATE = `<!doctype html><html lang="en"><head><title>App Portal</title></head>
<body><div id="root"></div></body></html>`;

describe('fillBytes', () => {
  const template = parseTemplate(TEMPLATE);
  const parts: PageParts = {
    title: 'Café <Lab>',
    body: '<main>Grüße</main>',
    state: '{"a":1}',
    theme: 'dark',
    language: 'de',
    messagesUrl: '/api/messages/de/page?v=abc',
  };

  it('is the page fill writes, as UTF-8, whether the markup comes as text or encoded', () => {
    const text = template.fill(parts);
    expect(text).toContain('<div id="root"><main>Grüße</main></div>');
    expect(template.fillBytes(parts).toString()).toBe(text);
    const encoded = new TextEncoder().encode(parts.body);
    expect(template.fillBytes({ ...parts, body: encoded }).equals(Buffer.from(text))).toBe(true);
  });
});

describe('the messages', () => {
  const template = parseTemplate(TEMPLATE);

  it('are preloaded in the head as fetch() asks for them, never carried in the page', () => {
    const page = template.fill({
      title: 'Portal',
      body: '',
      state: null,
      branding: { accentCss: ':root{--a:1}', faviconUrl: null },
      messagesUrl: '/api/messages/de/page?v=a&b',
    });
    const head = page.slice(0, page.indexOf('</head>') + '</head>'.length);
    expect(head).toMatch(
      new RegExp(
        `<style id="portal-accent">[^<]*</style><link rel="preload" id="${PAGE_MESSAGES_ID}" ` +
          'href="/api/messages/de/page\\?v=a&amp;b" as="fetch" crossorigin="anonymous" ' +
          'fetchpriority="low"></head>$',
      ),
    );
    expect(page).not.toContain('<script type="application/json" id="portal-messages">');
  });

  it('are not named on a page without them', () => {
    const page = template.fill({ title: 'Portal', body: '', state: null });
    expect(page).not.toContain(PAGE_MESSAGES_ID);
    expect(page).not.toContain('rel="preload"');
  });
});

import { describe, expect, it } from 'vitest';
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
    messages: '{"m":"x"}',
  };

  it('is the page fill writes, as UTF-8, whether the markup comes as text or encoded', () => {
    const text = template.fill(parts);
    expect(text).toContain('<div id="root"><main>Grüße</main></div>');
    expect(template.fillBytes(parts).toString()).toBe(text);
    const encoded = new TextEncoder().encode(parts.body);
    expect(template.fillBytes({ ...parts, body: encoded }).equals(Buffer.from(text))).toBe(true);
  });
});

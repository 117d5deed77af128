import { describe, expect, it } from 'vitest';
import {
  jsonForScript,
  narrowCharacters,
  serializePageState,
  type PageState,
} from './page-schemas.js';
import type { App, Me, PortalInfo } from './schemas.js';

const portal = {
  title: 'Lab </script> Portal',
  subtitle: '',
  footer: 'a\u2028b',
  signInAvailable: true,
} as PortalInfo;
const apps = [
  { id: 'galaxy', name: 'Galaxy <b>&</b>', description: '<!-- -->' },
  { id: 'wiki', name: 'Wiki\u2029' },
] as unknown as App[];

describe('serializePageState', () => {
  it.each([
    ['anonymous, with theme and language', { theme: 'dark', language: 'de' }],
    ['signed in, without theme and language', { me: { name: '</script>' } as unknown as Me }],
    ['with fields left undefined', { theme: undefined, language: undefined }],
  ])('writes the same text with the apps written before (%s)', (_, parts) => {
    const state = {
      portal,
      me: null,
      apps,
      search: '<q>',
      signInAvailable: true,
      statusSimulated: false,
      ...parts,
    } as PageState;
    const whole = serializePageState(state);
    expect(whole).toBe(jsonForScript(state));
    expect(serializePageState(state, jsonForScript(apps))).toBe(whole);
    expect(whole).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(whole)).toEqual(JSON.parse(JSON.stringify(state)));
  });
});

describe('one byte per character', () => {
  const wide = 'Café “Genomics” – العربية 🧬 \u2028';

  it('jsonForScript escapes every character past U+00FF, and JSON.parse reads it back', () => {
    const json = jsonForScript({ title: wide });
    expect(json).toMatch(/^[\0-\xff]*$/);
    expect(json).toContain('Café');
    expect(JSON.parse(json)).toEqual({ title: wide });
  });

  it('narrowCharacters writes them as character references the HTML parser reads back', () => {
    const html = narrowCharacters(`<p title="${wide}">${wide}</p>`);
    expect(html).toMatch(/^[\0-\xff]*$/);
    expect(html).toContain('Café &#8220;Genomics&#8221; &#8211; &#1575;');
    // A character beyond the 16-bit range is one reference, not two halves.
    expect(html).toContain('&#129516;');
    const decoded = html.replace(/&#(\d+);/g, (_, code: string) =>
      String.fromCodePoint(Number(code)),
    );
    expect(decoded).toBe(`<p title="${wide}">${wide}</p>`);
  });
});

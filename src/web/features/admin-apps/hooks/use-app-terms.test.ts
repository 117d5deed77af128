import { describe, expect, it } from 'vitest';
import { termsOfValues, termsValuesOf } from './use-app-terms.js';

describe('the app form terms of use values', () => {
  it.each([
    [null, null],
    [
      { version: '2026-11', text: 'Be kind.' },
      { version: '2026-11', text: 'Be kind.' },
    ],
    [
      { version: 'v2', url: 'https://example.edu/t' },
      { version: 'v2', url: 'https://example.edu/t' },
    ],
  ])('reads %j and sends it back unchanged', (terms, sent) => {
    expect(termsOfValues(termsValuesOf(terms))).toEqual(sent);
  });

  it('sends only the kind chosen, the version trimmed; none is null', () => {
    const values = {
      kind: 'url' as const,
      version: ' v3 ',
      text: 'old text',
      url: ' https://x.edu ',
    };
    expect(termsOfValues(values)).toEqual({ version: 'v3', url: 'https://x.edu' });
    expect(termsOfValues({ ...values, kind: 'text' })).toEqual({ version: 'v3', text: 'old text' });
    expect(termsOfValues({ ...values, kind: 'none' })).toBeNull();
  });
});

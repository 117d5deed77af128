import { describe, expect, it } from 'vitest';
import { checkBrandingChange, isFooterLink } from './branding-rules.js';

describe('branding rules', () => {
  it('normalises good values and keeps null as "back to the default"', () => {
    const { change, errors } = checkBrandingChange({
      title: '  Lab Portal ',
      subtitle: '',
      footer: null,
      footerLink: 'https://example.edu/about',
      accentColor: '#1D4ED8',
    });
    expect(errors).toEqual({});
    expect(change).toEqual({
      title: 'Lab Portal',
      subtitle: '',
      footer: null,
      footerLink: 'https://example.edu/about',
      accentColor: '#1d4ed8',
    });
  });

  it('names every bad field', () => {
    const { errors } = checkBrandingChange({
      title: ' ',
      subtitle: 'x'.repeat(121),
      footer: 'a\nb',
      footerLink: 'javascript:alert(1)',
      accentColor: 'red',
      logo: 'x',
    });
    expect(Object.keys(errors).sort()).toEqual(
      ['accentColor', 'footer', 'footerLink', 'logo', 'subtitle', 'title'].sort(),
    );
    expect(checkBrandingChange({ title: 5 }).errors).toEqual({
      title: 'must be text, or null for the default',
    });
  });

  it('accepts only http(s) footer links without credentials', () => {
    expect(isFooterLink('')).toBe(true);
    expect(isFooterLink('http://example.edu')).toBe(true);
    expect(isFooterLink('https://user:pw@example.edu')).toBe(false);
    expect(isFooterLink('ftp://example.edu')).toBe(false);
    expect(isFooterLink('/relative')).toBe(false);
    expect(isFooterLink('data:text/html,x')).toBe(false);
  });
});

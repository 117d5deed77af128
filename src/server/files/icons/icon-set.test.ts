import { describe, expect, it } from 'vitest';
import { contrast, createIconSet, inkFor, normalise } from './icon-set.js';
import { RESEARCH_ICONS } from './research-icons.js';

describe('the icon set', () => {
  it('draws the portal own icons on tiles where white keeps 4.5:1', () => {
    for (const icon of RESEARCH_ICONS) {
      expect(contrast(icon.hex, 'FFFFFF'), icon.slug).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives every simple-icons tile a glyph ink with at least 4.5:1', async () => {
    const icons = await createIconSet().search('');
    for (const icon of icons) {
      expect(contrast(icon.hex, inkFor(icon.hex)), icon.slug).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps slugs unique and URL-safe', async () => {
    const icons = await createIconSet().search('');
    expect(new Set(icons.map((icon) => icon.slug)).size).toBe(icons.length);
    for (const icon of icons) expect(icon.slug).toMatch(/^[a-z0-9_-]{1,64}$/);
  });

  it('normalises case, accents and punctuation', () => {
    expect(normalise('  Ñapari / IGV-Web ')).toBe('napari igv web');
  });

  it('needs every word of the query', async () => {
    const set = createIconSet();
    expect((await set.search('open ondemand')).map((icon) => icon.slug)).toEqual([
      'research-open-ondemand',
    ]);
  });
});

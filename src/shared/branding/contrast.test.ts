import { describe, expect, it } from 'vitest';
import {
  accentCss,
  accentPlan,
  contrastRatio,
  describeAdjustments,
  formatRatio,
  MIN_TEXT_CONTRAST,
  mixColors,
  relativeLuminance,
  THEME_BACKGROUNDS,
  themeAccent,
  themeContrast,
} from './contrast.js';

describe('WCAG contrast math', () => {
  it('gives the luminances and ratios of the WCAG definition', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
  });

  it('quotes ratios rounded down, so a failing one never reads as passing', () => {
    expect(formatRatio(4.499)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });

  it('mixes colours towards a target', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#336699', '#000000', 0)).toBe('#336699');
    expect(mixColors('#336699', '#ffffff', 1)).toBe('#ffffff');
  });

  it('refuses anything but #rrggbb', () => {
    expect(() => relativeLuminance('red')).toThrow(RangeError);
    expect(() => relativeLuminance('#fff')).toThrow(RangeError);
  });
});

describe('the accent in each theme', () => {
  it('keeps a colour that passes in the theme as it is', () => {
    const accent = themeAccent('#1D4ED8', 'light');
    expect(accent).toMatchObject({ primary: '#1d4ed8', adjusted: false, content: '#ffffff' });
    expect(accent.ratio).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('darkens for the light theme and lightens for the dark one, until 4.5:1 on every background', () => {
    for (const color of [
      '#ffcc00',
      '#1d4ed8',
      '#990000',
      '#808080',
      '#00ff00',
      '#ffffff',
      '#000000',
    ]) {
      const plan = accentPlan(color);
      for (const theme of ['light', 'dark'] as const) {
        const accent = plan[theme];
        for (const background of THEME_BACKGROUNDS[theme]) {
          expect(contrastRatio(accent.primary, background)).toBeGreaterThanOrEqual(
            MIN_TEXT_CONTRAST,
          );
        }
        // The label on a primary button passes too.
        expect(contrastRatio(accent.primary, accent.content)).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
        expect(accent.ratio).toBe(themeContrast(accent.primary, theme));
      }
    }
    expect(relativeLuminance(accentPlan('#ffcc00').light.primary)).toBeLessThan(
      relativeLuminance('#ffcc00'),
    );
    expect(relativeLuminance(accentPlan('#1d4ed8').dark.primary)).toBeGreaterThan(
      relativeLuminance('#1d4ed8'),
    );
  });

  it('says which theme was adjusted, with the ratio as given and as used', () => {
    const [sentence, ...rest] = describeAdjustments('#1D4ED8');
    expect(rest).toEqual([]);
    expect(sentence).toMatch(
      /^In the dark theme #1d4ed8 has a contrast of \d\.\d\d:1 \(at least 4\.5:1 is needed\), so links, buttons and focus rings there use #[0-9a-f]{6} \(\d\.\d\d:1\)\.$/,
    );
    expect(describeAdjustments('#ffcc00')[0]).toMatch(/^In the light theme/);
  });

  it('writes CSS custom properties for both themes, and nothing for no accent', () => {
    const css = accentCss('#1d4ed8');
    const { light, dark } = accentPlan('#1d4ed8');
    expect(css).toContain(`:root,[data-theme=light]{--color-primary:${light.primary};`);
    expect(css).toContain(`[data-theme=dark]{--color-primary:${dark.primary};`);
    expect(css).toContain('@media (prefers-color-scheme:dark){:root:not([data-theme])');
    expect(css).not.toMatch(/[<>]/);
    expect(accentCss('')).toBe('');
    expect(accentCss('</style><script>')).toBe('');
  });
});

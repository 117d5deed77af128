/**
 * WCAG 2.2 contrast math for the portal's accent colour (decision 0028): pure functions, used by
 * the server (to store and apply an accent) and by the console (to preview it before sending).
 */

/** A colour as `#rrggbb` (lowercase once normalised). */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Text (links, button labels) needs 4.5:1 (WCAG 1.4.3, AA); focus rings need 3:1 (1.4.11). */
export const MIN_TEXT_CONTRAST = 4.5;

export type ThemeName = 'light' | 'dark';
export const THEME_NAMES: readonly ThemeName[] = ['light', 'dark'];

/**
 * The backgrounds the accent is drawn on in each theme: daisyUI's base-100, base-200 and base-300
 * (the `light` and `dark` themes, converted from oklch to sRGB). Links sit on cards and the page,
 * focus rings around anything.
 */
export const THEME_BACKGROUNDS: Record<ThemeName, readonly string[]> = {
  light: ['#ffffff', '#f8f8f8', '#eeeeee'],
  dark: ['#1d232a', '#191e24', '#15191e'],
};

function channels(hex: string): [number, number, number] {
  if (!HEX_COLOR.test(hex)) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG 2.2 definition, sRGB), 0 for black to 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The lowest contrast of `color` against every background of `theme`. */
export function themeContrast(color: string, theme: ThemeName): number {
  return Math.min(
    ...THEME_BACKGROUNDS[theme].map((background) => contrastRatio(color, background)),
  );
}

/** `color` moved towards `target` by `amount` (0 to 1), channel by channel in sRGB. */
export function mixColors(color: string, target: string, amount: number): string {
  const from = channels(color);
  const to = channels(target);
  return toHex(from.map((c, i) => c + (to[i]! - c) * amount) as [number, number, number]);
}

/** Rounded down to two decimals, as ratios are quoted (4.499 must not read as 4.5). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

export interface ThemeAccent {
  theme: ThemeName;
  /** The colour buttons, links and focus rings use in this theme. */
  primary: string;
  /** The text on a primary button: black or white, whichever contrasts more. */
  content: string;
  /** The contrast of the colour as given against this theme's backgrounds (lowest). */
  givenRatio: number;
  /** The contrast of `primary` against this theme's backgrounds (lowest). */
  ratio: number;
  /** True when `primary` is not the colour as given: it was darkened or lightened to pass. */
  adjusted: boolean;
}

/**
 * The accent as one theme uses it: the colour itself when it keeps 4.5:1 against every
 * background of the theme, else the closest shade that does (darker for the light theme, lighter
 * for the dark one). One colour cannot do both: text on white needs a luminance below 0.18, on
 * the dark theme's background above 0.25.
 */
export function themeAccent(color: string, theme: ThemeName): ThemeAccent {
  const given = color.toLowerCase();
  const givenRatio = themeContrast(given, theme);
  let primary = given;
  if (givenRatio < MIN_TEXT_CONTRAST) {
    const target = theme === 'light' ? '#000000' : '#ffffff';
    for (let step = 1; step <= 100; step += 1) {
      primary = mixColors(given, target, step / 100);
      if (themeContrast(primary, theme) >= MIN_TEXT_CONTRAST) break;
    }
  }
  const content =
    contrastRatio(primary, '#000000') >= contrastRatio(primary, '#ffffff') ? '#000000' : '#ffffff';
  return {
    theme,
    primary,
    content,
    givenRatio,
    ratio: themeContrast(primary, theme),
    adjusted: primary !== given,
  };
}

/** Both themes' accents for a colour. */
export function accentPlan(color: string): Record<ThemeName, ThemeAccent> {
  return { light: themeAccent(color, 'light'), dark: themeAccent(color, 'dark') };
}

/** A sentence per adjusted theme, for the console and the API's answer ("say so"). */
export function describeAdjustments(color: string): string[] {
  return THEME_NAMES.map((theme) => themeAccent(color, theme))
    .filter((accent) => accent.adjusted)
    .map(
      (accent) =>
        `In the ${accent.theme} theme ${color.toLowerCase()} has a contrast of ${formatRatio(accent.givenRatio)} (at least ${MIN_TEXT_CONTRAST}:1 is needed), so links, buttons and focus rings there use ${accent.primary} (${formatRatio(accent.ratio)}).`,
    );
}

/**
 * The CSS that applies an accent over daisyUI's themes: the light values for the default and
 * `data-theme="light"`, the dark ones for `data-theme="dark"` and, with no theme chosen, a dark
 * system setting. Only validated `#rrggbb` values go in, so it is safe inside a `<style>`.
 * Empty for no accent (the themes' own colours).
 */
export function accentCss(color: string): string {
  if (!HEX_COLOR.test(color)) return '';
  const { light, dark } = accentPlan(color);
  const vars = (accent: ThemeAccent) =>
    `--color-primary:${accent.primary};--color-primary-content:${accent.content}`;
  return (
    `:root,[data-theme=light]{${vars(light)}}` +
    `@media (prefers-color-scheme:dark){:root:not([data-theme]){${vars(dark)}}}` +
    `[data-theme=dark]{${vars(dark)}}`
  );
}

/**
 * The web app manifest (https://www.w3.org/TR/appmanifest/) and the offline page, both built from
 * the portal's branding alone: pure functions, so the same code serves the configured texts
 * today and the branding admins set in the console.
 */
import { DEFAULT_PORTAL_TITLE } from '../../shared/routes/client-routes.js';

/** One icon of the manifest: a file the portal serves itself. */
export interface BrandingIcon {
  src: string;
  /** `"192x192"` (several separated by spaces), `"any"` for a scalable image; unknown: none. */
  sizes?: string;
  type: string;
  /** `"any"` (shown as is) or `"maskable"` (the platform cuts it to its own shape). */
  purpose?: 'any' | 'maskable';
}

export interface Branding {
  title: string;
  subtitle: string;
  /** The accent colour (`#rrggbb`): the title bar of the installed app. Default: indigo. */
  accentColor?: string;
  icons: readonly BrandingIcon[];
}

/** The portal's own icons (public/icons, drawn by scripts/make-icons.mjs). */
export const DEFAULT_ICONS: readonly BrandingIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The icon iOS puts on the home screen (linked from the page, not part of the manifest). */
export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png';

/** The favicon's indigo, the accent of the default branding. */
export const DEFAULT_ACCENT = '#4338ca';
/** daisyUI's light base colour: the splash screen while the installed app starts. */
const BACKGROUND = '#ffffff';
/** Launchers show about 12 characters under an icon before they cut the name. */
export const SHORT_NAME_MAX = 12;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * A name for under the icon: the title when it is short; otherwise its first words that fit
 * ("MMGE App Portal" becomes "MMGE App"); a first word longer than that is cut.
 */
export function shortName(title: string): string {
  const clean = title.trim().replace(/\s+/g, ' ') || DEFAULT_PORTAL_TITLE;
  if ([...clean].length <= SHORT_NAME_MAX) return clean;
  let name = '';
  for (const word of clean.split(' ')) {
    const next = name ? `${name} ${word}` : word;
    if ([...next].length > SHORT_NAME_MAX) break;
    name = next;
  }
  return name || [...clean].slice(0, SHORT_NAME_MAX).join('');
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: BrandingIcon[];
}

/** The manifest for `branding`: installs the portal at `/` as an app of its own window. */
export function buildWebManifest(branding: Branding): WebManifest {
  const name = branding.title.trim().replace(/\s+/g, ' ') || DEFAULT_PORTAL_TITLE;
  const accent =
    branding.accentColor && HEX_COLOUR.test(branding.accentColor)
      ? branding.accentColor.toLowerCase()
      : DEFAULT_ACCENT;
  return {
    // A fixed identity: the installed app stays the same app when the title changes.
    id: '/',
    name,
    short_name: shortName(name),
    description: branding.subtitle.trim(),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: accent,
    background_color: BACKGROUND,
    icons: branding.icons.length > 0 ? [...branding.icons] : [...DEFAULT_ICONS],
  };
}

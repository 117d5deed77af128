import type { PortalInfo } from '../../shared/api/schemas.js';
import { SVG_TYPE } from '../files/logo-files.js';
import { imageTypeOf } from '../lib/image-types.js';
import { DEFAULT_ICONS, type Branding, type BrandingIcon } from './web-manifest.js';

/** The stored logo as the manifest needs it: where it is served, its type and its sizes. */
export interface LogoImage {
  url: string;
  contentType: string;
  /** As stored with the logo ("16x16 32x32", "any"); '' when they could not be read. */
  sizes: string;
}

/**
 * The manifest's icon for an admin's logo: an SVG scales (`sizes: "any"`); a raster image says
 * the sizes stored with it (each picture of an ICO), or none. Undefined for a type a manifest
 * cannot name.
 */
export function logoIcon(logo: LogoImage): BrandingIcon | undefined {
  const type = imageTypeOf(logo.contentType);
  if (!type) return undefined;
  if (type === SVG_TYPE) return { src: logo.url, sizes: 'any', type, purpose: 'any' };
  return { src: logo.url, ...(logo.sizes ? { sizes: logo.sizes } : {}), type, purpose: 'any' };
}

/**
 * The manifest's icons: the admins' logo first when there is one, then the portal's own icons,
 * which stay for the sizes stores and phones need (192 and 512 px, maskable).
 */
export function manifestIcons(logo: LogoImage | undefined): BrandingIcon[] {
  const icon = logo && logoIcon(logo);
  return icon ? [icon, ...DEFAULT_ICONS] : [...DEFAULT_ICONS];
}

/**
 * The branding of the manifest and the offline page, now: texts and colour from the portal's
 * answer (`GET /api/portal`), the logo's icon from what is stored with it (its URL, type and
 * sizes: no request reads an image's bytes), worked out once per logo (its URL changes with its
 * content). Only the logo served publicly at `/api/portal/logo/...`.
 */
export function createManifestBranding(source: {
  info(): Promise<PortalInfo>;
  manifestLogo(): Promise<LogoImage | undefined>;
}): () => Promise<Branding> {
  let kept: { logoUrl: string | null; icons: BrandingIcon[] } | undefined;
  return async () => {
    const { title, subtitle, accentColor, logoUrl = null } = await source.info();
    let icons = kept?.logoUrl === logoUrl ? kept.icons : undefined;
    if (!icons) {
      const logo = logoUrl ? await source.manifestLogo() : undefined;
      // Changed again since the answer was read: its URL would not serve this logo.
      const current = logo && logo.url === logoUrl ? logo : undefined;
      icons = manifestIcons(current);
      if (current || !logoUrl) kept = { logoUrl, icons };
    }
    return { title, subtitle, icons, ...(accentColor ? { accentColor } : {}) };
  };
}

import type { PortalInfo } from '../../shared/api/schemas.js';
import type { PortalImageKind } from '../branding/branding.repository.js';
import { imageUrl } from '../branding/branding.service.js';
import { rasterStructure } from '../files/image-structure.js';
import { SVG_TYPE } from '../files/logo-files.js';
import { imageTypeOf } from '../lib/image-types.js';
import { DEFAULT_ICONS, type Branding, type BrandingIcon } from './web-manifest.js';

/** The stored logo as the manifest needs it: where it is served, its type and its bytes. */
export interface LogoImage {
  url: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * The manifest's icon for an admin's logo: an SVG scales (`sizes: "any"`); a raster image says
 * the sizes its headers declare (each picture of an ICO), or none when they cannot be read.
 * Undefined for a type a manifest cannot name.
 */
export function logoIcon(logo: LogoImage): BrandingIcon | undefined {
  const type = imageTypeOf(logo.contentType);
  if (!type) return undefined;
  if (type === SVG_TYPE) return { src: logo.url, sizes: 'any', type, purpose: 'any' };
  let sizes: string | undefined;
  try {
    const all = rasterStructure(logo.bytes, type).map(({ width, height }) => `${width}x${height}`);
    sizes = [...new Set(all)].join(' ') || undefined;
  } catch {
    // Checked when it was stored; an image whose headers cannot be read again gets no size.
  }
  return { src: logo.url, ...(sizes ? { sizes } : {}), type, purpose: 'any' };
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
 * answer (`GET /api/portal`), the logo's icon worked out once per logo (its URL changes with
 * its content), so a request reads no image bytes while the logo stays the same. Only the
 * logo served publicly at `/api/portal/logo/...`, checked and sanitised when it was stored.
 */
export function createManifestBranding(source: {
  info(): Promise<PortalInfo>;
  image(
    kind: PortalImageKind,
  ): Promise<{ contentType: string; bytes: Buffer; sha256: string } | undefined>;
}): () => Promise<Branding> {
  let kept: { logoUrl: string | null; icons: BrandingIcon[] } | undefined;
  return async () => {
    const { title, subtitle, accentColor, logoUrl = null } = await source.info();
    let icons = kept?.logoUrl === logoUrl ? kept.icons : undefined;
    if (!icons) {
      const image = logoUrl ? await source.image('logo') : undefined;
      // Changed again since the answer was read: its URL would not serve these bytes.
      const current = image && logoUrl === imageUrl('logo', image) ? image : undefined;
      icons = manifestIcons(current && logoUrl ? { url: logoUrl, ...current } : undefined);
      if (current || !logoUrl) kept = { logoUrl, icons };
    }
    return { title, subtitle, icons, ...(accentColor ? { accentColor } : {}) };
  };
}

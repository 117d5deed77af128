import type { AdminBranding } from '../../shared/api/branding-schemas.js';
import type { PortalInfo } from '../../shared/api/schemas.js';
import { accentPlan, describeAdjustments, HEX_COLOR } from '../../shared/branding/contrast.js';
import { textIn, type LocalizedText } from '../../shared/i18n/localized-text.js';
import { checkHere, manifestSizes, SVG_TYPE, type LogoChecks } from '../files/logo-files.js';
import { IMAGE_TYPES, imageTypeOf } from '../lib/image-types.js';
import type {
  BrandingRecord,
  BrandingRepository,
  BrandingTexts,
  PortalImageKind,
} from './branding.repository.js';

/** The configuration's texts (PORTAL_TITLE, ...): what the portal shows until admins set more. */
export interface BrandingDefaults {
  title: string;
  subtitle: string;
  footer: string;
  footerLink?: string;
  accentColor?: string;
}

/** How long an instance trusts its copy of the branding row before reading it again. */
export const BRANDING_TTL_MS = 1000;

/** The branding as a whole, for code that builds on it (the web app manifest, the page). */
export interface CurrentBranding {
  title: string;
  subtitle: string;
  footer: string;
  footerLink: string;
  /** `#rrggbb`, or '' for the themes' own colours. */
  accentColor: string;
  /** The accent as each theme uses it (decision 0028); null without an accent. */
  accent: ReturnType<typeof accentPlan> | null;
  logo: { contentType: string; bytes: Buffer; sha256: string; url: string } | null;
  favicon: { contentType: string; sha256: string; url: string } | null;
  /** Grows with every change. */
  version: number;
}

/** The file name an image is served under: changes with the content, so caches never go stale. */
export function imageFileName(
  kind: PortalImageKind,
  image: { contentType: string; sha256: string },
) {
  const type = imageTypeOf(image.contentType);
  return `${kind}-${image.sha256.slice(0, 12)}${type ? IMAGE_TYPES[type] : ''}`;
}

export function imageUrl(kind: PortalImageKind, image: { contentType: string; sha256: string }) {
  return `/api/portal/${kind}/${imageFileName(kind, image)}`;
}

/** The values shown in `language`: texts given per language in it, else the default's. */
function effective(
  texts: BrandingTexts,
  defaults: BrandingDefaults,
  language: { language: string; defaultLanguage: string },
) {
  const accentColor = texts.accentColor ?? defaults.accentColor ?? '';
  const text = (value: LocalizedText | null, fallback: string) =>
    value === null ? fallback : textIn(value, language.language, language.defaultLanguage);
  return {
    title: text(texts.title, defaults.title),
    subtitle: text(texts.subtitle, defaults.subtitle),
    footer: text(texts.footer, defaults.footer),
    footerLink: texts.footerLink ?? defaults.footerLink ?? '',
    accentColor: HEX_COLOR.test(accentColor) ? accentColor : '',
  };
}

/**
 * The read side of the portal's branding: the configuration's defaults with what admins set over
 * them. Each instance keeps the row (never the images' bytes) for at most a second, so a change
 * made through any instance is served by all of them within a second; the instance that made it
 * drops its copy at once (`invalidate`).
 */
export function createBranding(deps: {
  repository: BrandingRepository;
  defaults: BrandingDefaults;
  signInAvailable: boolean;
  ttlMs?: number;
  now?: () => number;
  /** DEFAULT_LANGUAGE: texts given per language fall back to it (docs/admin.md). */
  defaultLanguage?: string;
  /**
   * Reads the sizes of a logo stored before they were kept with it: app.ts hands the worker
   * threads' (files/logo-checker.ts), so not even that first read runs on the event loop.
   */
  logoChecks?: LogoChecks;
}) {
  const now = deps.now ?? Date.now;
  const logoChecks = deps.logoChecks ?? checkHere;
  const ttl = deps.ttlMs ?? BRANDING_TTL_MS;
  const defaultLanguage = deps.defaultLanguage ?? 'en';
  let cached: { at: number; record: Promise<BrandingRecord> } | undefined;
  // Per language: the texts may be given in several.
  const info = new Map<string, { key: string; value: PortalInfo }>();

  function record(): Promise<BrandingRecord> {
    if (cached && now() - cached.at < ttl) return cached.record;
    const read = deps.repository.read();
    const entry = { at: now(), record: read };
    cached = entry;
    read.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return read;
  }

  function infoOf(current: BrandingRecord, language: string = defaultLanguage): PortalInfo {
    const key = JSON.stringify(current);
    // The same object while nothing changed: the page service keys its pages by it.
    const kept = info.get(language);
    if (kept?.key === key) return kept.value;
    const { logo, favicon } = current.images;
    const value: PortalInfo = {
      ...effective(current.texts, deps.defaults, { language, defaultLanguage }),
      logoUrl: logo ? imageUrl('logo', logo) : null,
      faviconUrl: favicon ? imageUrl('favicon', favicon) : null,
      version: current.version,
      signInAvailable: deps.signInAvailable,
    };
    // Languages are few (the supported ones, or what a request's tag names: bounded anyway).
    if (info.size >= 64) info.clear();
    info.set(language, { key, value });
    return value;
  }

  /** The manifest's sizes of an image stored without them: '' when they cannot be read. */
  async function storedSizes(image: { contentType: string; bytes: Buffer }): Promise<string> {
    const type = imageTypeOf(image.contentType);
    if (!type) return '';
    if (type === SVG_TYPE) return 'any';
    const checked = await logoChecks.rasterStructure(image.bytes, type).catch(() => undefined);
    return checked && 'sizes' in checked ? manifestSizes(checked.sizes) : '';
  }

  return {
    /** GET /api/portal's answer, its texts in `language` (default: the default language). */
    async info(language?: string): Promise<PortalInfo> {
      return infoOf(await record(), language);
    },

    /** Forgets the kept row: the next read sees a change this instance just made. */
    invalidate(): void {
      cached = undefined;
    },

    /**
     * The logo as the web app manifest names it: its URL, type and sizes, read from the row,
     * never from the bytes (a hostile image would cost the time it takes to walk again). A logo
     * stored before its sizes were kept has them worked out once, in a worker, and stored.
     */
    async manifestLogo(): Promise<{ url: string; contentType: string; sizes: string } | undefined> {
      const logo = (await record()).images.logo;
      if (!logo) return undefined;
      let sizes = logo.sizes;
      if (sizes === null) {
        const row = await deps.repository.image('logo');
        if (!row || row.sha256 !== logo.sha256) return undefined;
        sizes = await storedSizes(row);
        await deps.repository.setImageSizes('logo', row.sha256, sizes);
        cached = undefined;
      }
      return { url: imageUrl('logo', logo), contentType: logo.contentType, sizes };
    },

    /** The stored image of `kind`, with its bytes, or undefined. */
    async image(kind: PortalImageKind) {
      return deps.repository.image(kind);
    },

    /**
     * The current branding with the logo's bytes: for the web app manifest (its name, colours
     * and icons) and anything else built from the branding.
     */
    async current(): Promise<CurrentBranding> {
      const current = await record();
      const texts = effective(current.texts, deps.defaults, {
        language: defaultLanguage,
        defaultLanguage,
      });
      const logoRow = current.images.logo ? await deps.repository.image('logo') : undefined;
      const favicon = current.images.favicon;
      return {
        ...texts,
        accent: texts.accentColor ? accentPlan(texts.accentColor) : null,
        logo: logoRow
          ? {
              contentType: logoRow.contentType,
              bytes: logoRow.bytes,
              sha256: logoRow.sha256,
              url: imageUrl('logo', logoRow),
            }
          : null,
        favicon: favicon ? { ...favicon, url: imageUrl('favicon', favicon) } : null,
        version: current.version,
      };
    },

    /** The admin console's view: what is set, what the configuration gives, what was adjusted. */
    async adminView(): Promise<AdminBranding> {
      const current = await deps.repository.read();
      const portal = infoOf(current);
      const accentColor = portal.accentColor ?? '';
      const plan = accentColor ? accentPlan(accentColor) : null;
      const strip = (accent: ReturnType<typeof accentPlan>['light']) => {
        const { theme: _theme, ...rest } = accent;
        void _theme;
        return rest;
      };
      return {
        portal,
        set: { ...current.texts },
        defaults: {
          title: deps.defaults.title,
          subtitle: deps.defaults.subtitle,
          footer: deps.defaults.footer,
          footerLink: deps.defaults.footerLink ?? '',
          accentColor: deps.defaults.accentColor ?? '',
        },
        accent: plan ? { light: strip(plan.light), dark: strip(plan.dark) } : null,
        notes: accentColor ? describeAdjustments(accentColor) : [],
        version: current.version,
        updated: current.updated,
        updatedBy: current.updatedBy,
      };
    },
  };
}

export type Branding = ReturnType<typeof createBranding>;

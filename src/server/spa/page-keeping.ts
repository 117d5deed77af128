/**
 * The home page's kinds (anonymous, kept for everyone with the same key; personal, rendered only
 * when a user's state changed) and the keys pages are kept by (docs/web.md, "Compression and
 * caching"). page.service.ts makes and keeps them.
 */
import type { PortalInfo } from '../../shared/api/schemas.js';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.js';
import type { Notices } from '../../shared/status/history-schemas.js';
import type { Density } from '../../shared/density/density.js';
import type { Theme } from '../../shared/theme/theme.js';
import { etagOf } from '../http/compressed-bodies.js';

/** The anonymous home page: the same for every anonymous visitor with this key's parts. */
export interface PublicPage {
  personal: false;
  /** The page as UTF-8. */
  html: Buffer;
  /** A weak validator: the page's own hash (it changes with the catalog, the texts, the build). */
  etag: string;
}

/**
 * A signed-in user's home page: rendered only when asked (`render()`), so that a caller keeping
 * the user's last answer (http/compressed-bodies.ts's createPersonalBodies) can skip rendering
 * while `state` is the same. Never stored by a shared cache.
 */
export interface PersonalPage {
  personal: true;
  /** The user's subject: whose page this is. */
  owner: string;
  /** Names everything the page is made from: equal keys, equal pages (for this owner). */
  state: string;
  /** Renders the page; `keep` is false when the rendering failed (the state alone is sent). */
  render(): Promise<{ body: Buffer; keep: boolean }>;
}

export type HomePage = PublicPage | PersonalPage;

/**
 * What the visitor chose that their page is rendered with: their cookies (theme, density,
 * collapsed categories, dismissed notices) and their language (docs/web.md).
 */
export interface PageView {
  theme: Theme;
  language: Language;
  density: Density;
  /** The tokens of the categories collapsed (shared/density/collapsed-categories.ts). */
  collapsed: readonly string[];
  /** The tokens of the notices dismissed (shared/status/dismissed-notices.ts). */
  dismissed: readonly string[];
  /**
   * The visitor's network id (docs/networks.md), null on none; absent when the caller does not
   * say (the plain lists). Not chosen, but the page's links depend on it.
   */
  network?: string | null;
}

/** The page of a visitor who chose nothing. */
export const DEFAULT_VIEW: PageView = {
  theme: 'system',
  language: SOURCE_LANGUAGE,
  density: 'comfortable',
  collapsed: [],
  dismissed: [],
};

/**
 * The parts that make anonymous pages differ for one catalog state, as a key: one field per
 * part, so a new part (the language) is one more field. The dismissed notices are not a part:
 * they are left out of `notices` already.
 */
export function publicPageKey(parts: {
  brandingVersion: number;
  view: Omit<PageView, 'dismissed'>;
  simulated: boolean;
  search: string;
  /** The notices in force (they come and go with their time windows). */
  notices: Notices;
}): string {
  const { theme, language, density, collapsed, network } = parts.view;
  const key = [
    parts.brandingVersion,
    theme,
    language,
    density,
    [...collapsed].sort(),
    parts.simulated,
    parts.search,
    parts.notices,
  ];
  // Anonymous pages come from no network (addressNetworkOf): should a caller ever pass one, its
  // page is kept apart rather than shown to others. Keys stay as they were without one.
  if (typeof network === 'string') key.push(network);
  return JSON.stringify(key);
}

/** A number per object, never reused, the same for as long as it lives (the snapshot's lists). */
export function identities() {
  const ids = new WeakMap<object, number>();
  let next = 0;
  return (value: object): number => {
    let id = ids.get(value);
    if (id === undefined) ids.set(value, (id = next += 1));
    return id;
  };
}

/** A page the same for everyone with one branding, theme and language, with its ETag. */
export interface FixedPage {
  html: string;
  /** The page's own hash: it names the content (the shared compressed bodies' key). */
  etag: string;
}

/**
 * `make`'s result per branding, theme and language, made (and hashed) on the first call and
 * kept: pages that depend on nothing per request but these (three themes times the languages
 * per branding).
 */
export function perBrandingThemeLanguage(
  make: (portal: PortalInfo, theme: Theme, language: Language) => string,
): (portal: PortalInfo, theme?: Theme, language?: Language) => FixedPage {
  const made = new WeakMap<PortalInfo, Map<string, FixedPage>>();
  return (portal, theme = 'system', language = SOURCE_LANGUAGE) => {
    let variants = made.get(portal);
    if (!variants) made.set(portal, (variants = new Map()));
    const key = `${theme} ${language}`;
    let value = variants.get(key);
    if (value === undefined) {
      const html = make(portal, theme, language);
      variants.set(key, (value = { html, etag: etagOf(html) }));
    }
    return value;
  };
}

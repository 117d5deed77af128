import { createIconSet, type IconSet } from './icon-set.js';

/** What a catalog file's reader needs of the icon set: an icon's SVG by its slug. */
export type IconLookup = Pick<IconSet, 'svg'>;

/** The prefix that makes a catalog file's `image`, `logo` or `favicon` name a bundled icon. */
export const ICON_PREFIX = 'icon:';

/**
 * The slug an image field names (`icon:jupyter` gives `jupyter`), or undefined for a path.
 * The slug is returned as written: an unknown one is the caller's error to report.
 */
export function iconOfImageField(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed.toLowerCase().startsWith(ICON_PREFIX)
    ? trimmed.slice(ICON_PREFIX.length).trim()
    : undefined;
}

/** A slug as a message may show it: quoted, control characters escaped, at most 64 characters. */
export const quotedSlug = (slug: string) => JSON.stringify(slug.slice(0, 64));

let shared: IconSet | undefined;

/**
 * The icon set of this thread, made on first use and then shared: the admin API's picker and,
 * in the catalog reader's worker, the catalog files (the package's data is loaded only when
 * something names an icon).
 */
export function bundledIcons(): IconSet {
  return (shared ??= createIconSet());
}

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Icon } from '../../../shared/api/icon-schemas.js';
import { RESEARCH_ICONS } from './research-icons.js';

/**
 * The offline icon set admins pick logos from (docs/admin.md, "Icons"; decision 0029): the
 * `simple-icons` package (CC0-1.0; the brands' trademarks stay theirs) and the portal's own
 * research-tool icons. Everything is read from the installed package: no request ever leaves the
 * server. Each icon is served as a 32 x 32 tile in its brand colour with the glyph in white or
 * black (whichever contrasts more), so it reads on light and dark pages alike.
 */
export interface IconSet {
  /** The icons matching `q` (all when empty), best match first. */
  search(q: string): Promise<Icon[]>;
  /** The icon as an SVG document (the logo it becomes), or undefined for an unknown slug. */
  svg(slug: string): Promise<string | undefined>;
}

interface Entry {
  icon: Icon;
  /** The names searched: title, slug, aliases, all normalised. */
  names: string[];
  /** Research icons: their drawing. */
  mark?: string;
}

interface SimpleIconData {
  title: string;
  slug: string;
  hex: string;
  aliases?: { aka?: string[]; dup?: { title: string }[]; loc?: Record<string, string> };
}

const require = createRequire(import.meta.url);

/** The package's data file and its folder of SVGs (one path each, on a 24 x 24 box). */
function simpleIconsFiles(): { data: string; icons: string } {
  const data = require.resolve('simple-icons/icons.json');
  return { data, icons: join(dirname(data), '..', 'icons') };
}

/** Lower case, accents dropped, anything but letters and digits a space. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** WCAG relative luminance of a six-digit hex colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const value = parseInt(hex.slice(i, i + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or black, whichever contrasts more with the tile (at least 4.58:1 either way). */
export function inkFor(hex: string): 'FFFFFF' | '000000' {
  return contrast(hex, 'FFFFFF') >= contrast(hex, '000000') ? 'FFFFFF' : '000000';
}

function tile(title: string, hex: string, inner: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" role="img">` +
    `<title>${escapeXml(title)}</title><rect width="32" height="32" rx="7" fill="#${hex}"/>${inner}</svg>`
  );
}

const svgUrl = (slug: string) => `/api/admin/icons/${slug}.svg`;

export function createIconSet(): IconSet {
  let loading: Promise<{ entries: Entry[]; bySlug: Map<string, Entry> }> | undefined;
  const files = simpleIconsFiles();

  const load = () =>
    (loading ??= (async () => {
      const data = JSON.parse(await readFile(files.data, 'utf8')) as SimpleIconData[];
      const entries: Entry[] = RESEARCH_ICONS.map((icon) => ({
        icon: {
          slug: icon.slug,
          title: icon.title,
          set: 'portal',
          hex: icon.hex,
          svgUrl: svgUrl(icon.slug),
        },
        names: [icon.title, icon.slug.replace(/^research-/, ''), ...icon.aliases].map(normalise),
        mark: icon.mark,
      }));
      for (const item of data) {
        const aliases = [
          ...(item.aliases?.aka ?? []),
          ...(item.aliases?.dup ?? []).map((dup) => dup.title),
          ...Object.values(item.aliases?.loc ?? {}),
        ];
        entries.push({
          icon: {
            slug: item.slug,
            title: item.title,
            set: 'simple-icons',
            hex: item.hex,
            svgUrl: svgUrl(item.slug),
          },
          names: [item.title, item.slug, ...aliases].map(normalise),
        });
      }
      return { entries, bySlug: new Map(entries.map((entry) => [entry.icon.slug, entry])) };
    })());

  return {
    async search(q) {
      const { entries } = await load();
      const query = normalise(q);
      const words = query.split(' ').filter((word) => word !== '');
      const scored: { entry: Entry; score: number }[] = [];
      for (const entry of entries) {
        const all = entry.names.join(' ');
        if (!words.every((word) => all.includes(word))) continue;
        const [title = ''] = entry.names;
        let score = 4;
        if (query === '') score = 0;
        else if (entry.names.includes(query)) score = 0;
        else if (title.startsWith(query)) score = 1;
        else if (entry.names.some((name) => name.startsWith(query) || name.includes(` ${query}`)))
          score = 2;
        else if (all.includes(query)) score = 3;
        scored.push({ entry, score });
      }
      const setRank = (entry: Entry) => (entry.icon.set === 'portal' ? 0 : 1);
      scored.sort(
        (a, b) =>
          a.score - b.score ||
          setRank(a.entry) - setRank(b.entry) ||
          a.entry.icon.title.localeCompare(b.entry.icon.title, 'en'),
      );
      return scored.map(({ entry }) => entry.icon);
    },

    async svg(slug) {
      const entry = (await load()).bySlug.get(slug);
      if (!entry) return undefined;
      const { title, hex } = entry.icon;
      if (entry.mark !== undefined) return tile(title, hex, entry.mark);
      // The slug is one of the package's own (looked up above), never a path from the request.
      const source = await readFile(join(files.icons, `${slug}.svg`), 'utf8');
      const path = /<path\s+d="([^"]+)"/.exec(source)?.[1];
      if (!path) return undefined;
      const glyph = `<path transform="translate(6 6) scale(.8333)" fill="#${inkFor(hex)}" d="${path}"/>`;
      return tile(title, hex, glyph);
    },
  };
}

import { posix, resolve } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { stringify } from 'yaml';
import { STORED_APP_FIELDS, type AppLists } from '../../shared/catalog/app-fields.js';
import type { Network } from '../../shared/network/networks.js';
import {
  CatalogError,
  entryLabel,
  parseCatalogFile,
  type CatalogEntry,
} from '../catalog/catalog-file.js';
import type { NetworksRepository } from '../networks/networks.repository.js';
import type { AppRecord } from '../catalog/apps.queries.js';
import { fieldsOf, pickFields } from '../catalog/app-fields.js';
import type { AdminRepository, AppSnapshot } from './admin.repository.js';
import { checkLogo, checkHere, type CheckedLogo, type LogoChecks } from '../files/logo-files.js';
import { IMAGE_TYPES, imageTypeOf } from '../lib/image-types.js';
import type { BrandingRepository } from '../branding/branding.repository.js';
import {
  exportPortalSection,
  readPortalSection,
  type PortalSection,
} from '../branding/branding-file.js';
import { bundledIcons, quotedSlug, type IconLookup } from '../files/icons/catalog-icons.js';

/** The catalog file inside an export .zip; logos sit beside it under logos/. */
export const ZIP_CATALOG_NAME = 'catalog.yaml';
/** Largest upload of an import (YAML or .zip). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

/** The fields a catalog file sets: the editable ones (the logo travels as a file). */
export const FILE_FIELDS = STORED_APP_FIELDS.filter((field) => field !== 'id');

/** A parsed catalog, with the logos it brings (by app id), ready to compare and apply. */
export interface CatalogInput {
  entries: CatalogEntry[];
  logos: Map<string, CheckedLogo>;
  /** The file's `portal:` section (the branding), when it has one. */
  portal?: PortalSection;
  /** The file's `networks:` list (docs/networks.md), when it has one. */
  networks?: Network[];
}

/** An entry with its lists as stored: addresses, links and terms it does not give are none. */
export function withLists(entry: CatalogEntry): CatalogEntry & AppLists {
  return {
    ...entry,
    addresses: entry.addresses ?? [],
    links: entry.links ?? [],
    terms: entry.terms ?? null,
  };
}

/** The fields of a catalog file's app, as the import compares and the loader remembers them. */
export function entrySnapshot(entry: CatalogEntry): AppSnapshot {
  return pickFields(withLists(entry), FILE_FIELDS);
}

/** The same fields of a stored app. */
export function appFieldsOf(record: AppRecord): AppSnapshot {
  return pickFields(fieldsOf(record), FILE_FIELDS);
}

/**
 * The whole catalog as a catalog file (docs/catalog.md), in listing order. With `logos`, each
 * app with a logo names `logos/{id}.{ext}` and the caller gets those files to zip beside it.
 */
export async function exportCatalog(
  admin: AdminRepository,
  options: { logos: boolean },
  branding?: BrandingRepository,
  networksRepository?: Pick<NetworksRepository, 'list'>,
): Promise<{ yaml: string; files: Map<string, Uint8Array> }> {
  const files = new Map<string, Uint8Array>();
  // The branding admins set travels as the `portal:` section, its images beside the logos.
  const portal = branding
    ? await exportPortalSection(branding, { images: options.logos })
    : { section: undefined, files: new Map<string, Uint8Array>() };
  for (const [path, bytes] of portal.files) files.set(path, bytes);
  const apps = [];
  for (const record of await admin.list(false)) {
    const app: Record<string, unknown> = { id: record.id, ...appFieldsOf(record) };
    // Apps without access settings, addresses or typed links export as before (the fields are
    // optional in the file).
    if (app.access === null) delete app.access;
    if (Array.isArray(app.addresses) && app.addresses.length === 0) delete app.addresses;
    if (Array.isArray(app.links) && app.links.length === 0) delete app.links;
    if (app.terms === null) delete app.terms;
    if (options.logos && record.image !== '') {
      const logo = await admin.findLogo(record.id);
      const type = logo && imageTypeOf(logo.contentType);
      const extension = type ? IMAGE_TYPES[type] : undefined;
      if (logo && extension) {
        const path = `logos/${record.id}${extension}`;
        files.set(path, new Uint8Array(logo.bytes));
        app.image = path;
      }
    }
    apps.push(app);
  }
  const header =
    '# app-portal catalog export (format: docs/catalog.md). Import it with\n' +
    '# POST /api/admin/catalog/import or `npm run catalog -- import FILE`.\n';
  // The networks (docs/networks.md) when there are any: a portal without them exports as before.
  const networks = networksRepository ? await networksRepository.list() : [];
  const document = {
    ...(portal.section ? { portal: portal.section } : {}),
    ...(networks.length > 0 ? { networks } : {}),
    apps,
  };
  return { yaml: header + stringify(document, { lineWidth: 0 }), files };
}

export function zipExport(yaml: string, files: Map<string, Uint8Array>): Uint8Array {
  const entries: Record<string, Uint8Array> = { [ZIP_CATALOG_NAME]: strToU8(yaml) };
  for (const [path, bytes] of files) entries[path] = bytes;
  // A fixed time stamp: the same catalog always gives the same archive.
  return zipSync(entries, { mtime: new Date('2000-01-01T00:00:00Z') });
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3;
}

/**
 * Reads an upload: a catalog file's text, or a .zip with catalog.yaml and its logos. Logos are
 * checked like uploads (type from the bytes, SVG sanitised). Every problem is a CatalogError.
 * `readLogo` resolves image paths of a plain file (the CLI and CATALOG_FILE read the disk);
 * `icon:<slug>` names an icon of the bundled set (`icons`), which becomes the logo like an upload.
 * CPU-heavy (YAML, unzip, SVG): the server runs it in a worker thread (catalog-reader.ts), which
 * is why logos are checked in the calling thread by default.
 */
export async function readCatalogUpload(
  upload: string | Uint8Array,
  name: string,
  disk?: {
    baseDir: string;
    readLogo: (absolutePath: string) => Promise<Uint8Array | undefined>;
  },
  checks: LogoChecks = checkHere,
  icons: IconLookup = bundledIcons(),
): Promise<CatalogInput> {
  const base = disk?.baseDir ?? '/upload';
  const readLogo = disk?.readLogo;
  let text: string;
  let files: Record<string, Uint8Array> | undefined;
  if (typeof upload !== 'string' && isZip(upload)) {
    let total = 0;
    try {
      files = unzipSync(upload, {
        filter: (file) => {
          total += file.originalSize;
          return total <= MAX_UNZIPPED_BYTES;
        },
      });
    } catch (error) {
      throw new CatalogError(name, [`is not a readable .zip: ${(error as Error).message}`]);
    }
    if (total > MAX_UNZIPPED_BYTES) throw new CatalogError(name, ['the .zip is too large']);
    const catalog = Object.hasOwn(files, ZIP_CATALOG_NAME) ? files[ZIP_CATALOG_NAME] : undefined;
    if (!catalog) throw new CatalogError(name, [`the .zip has no ${ZIP_CATALOG_NAME}`]);
    text = new TextDecoder().decode(catalog);
  } else {
    text = typeof upload === 'string' ? upload : new TextDecoder().decode(upload);
  }
  const { entries, networks } = parseCatalogFile(text, name, base);
  const logos = new Map<string, CheckedLogo>();
  const problems: string[] = [];
  for (const entry of entries) {
    if (entry.imageIcon !== undefined) {
      const svg = await icons.svg(entry.imageIcon);
      if (svg === undefined) {
        problems.push(
          `app "${entryLabel(entry)}": field "image" names the icon ${quotedSlug(entry.imageIcon)}, which the bundled icon set does not have`,
        );
        continue;
      }
      try {
        logos.set(entry.id, await checkLogo(Buffer.from(svg, 'utf8'), checks));
      } catch (error) {
        problems.push(`app "${entryLabel(entry)}": field "image": ${(error as Error).message}`);
      }
      continue;
    }
    if (!entry.imagePath) continue;
    let bytes: Uint8Array | undefined;
    if (files) {
      // Own entries only: fflate builds a plain object, where an entry named "__proto__" lands
      // in the prototype and inherited names would read as files.
      const path = posix.relative(base, entry.imagePath);
      bytes = Object.hasOwn(files, path) ? files[path] : undefined;
    } else if (readLogo) bytes = await readLogo(entry.imagePath);
    if (!bytes) {
      problems.push(
        files || readLogo
          ? `app "${entryLabel(entry)}": field "image" names a file that does not exist`
          : `app "${entryLabel(entry)}": field "image" needs the logo file: upload a .zip with the logos`,
      );
      continue;
    }
    try {
      logos.set(entry.id, await checkLogo(Buffer.from(bytes), checks));
    } catch (error) {
      problems.push(`app "${entryLabel(entry)}": field "image": ${(error as Error).message}`);
    }
  }
  const portal = await readPortalSection(
    text,
    async (path) => {
      const absolute = resolve(base, path);
      if (files) {
        const inZip = posix.relative(base, absolute);
        return Object.hasOwn(files, inZip) ? files[inZip] : undefined;
      }
      return readLogo ? readLogo(absolute) : undefined;
    },
    checks,
    icons,
  );
  problems.push(
    ...portal.problems.map((problem) =>
      !files && !readLogo && problem.endsWith('names a file that does not exist')
        ? `${problem}: upload a .zip with the images`
        : problem,
    ),
  );
  if (problems.length > 0) throw new CatalogError(name, problems);
  return {
    entries,
    logos,
    ...(portal.section ? { portal: portal.section } : {}),
    ...(networks ? { networks } : {}),
  };
}

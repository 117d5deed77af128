import { parse as parseYaml } from 'yaml';
import {
  BRANDING_FIELDS,
  checkBrandingChange,
  type BrandingChange,
} from '../../../shared/branding/branding-rules.js';
import type {
  BrandingRecord,
  BrandingRepository,
  PortalImageKind,
} from '../../branding/branding.repository.js';
import { checkLogo, type CheckedLogo, type SvgSanitize } from '../../files/logo-files.js';
import { IMAGE_TYPES, imageTypeOf } from '../../lib/image-types.js';

/**
 * The catalog file's `portal:` section (docs/catalog.md, decision 0028): the branding admins
 * set, beside the apps. Texts and colour as PATCH /api/admin/portal takes them (null: the
 * configuration's); `logo` and `favicon` name image files (in a .zip: beside catalog.yaml).
 */
export interface PortalSection {
  change: BrandingChange;
  images: Partial<Record<PortalImageKind, CheckedLogo>>;
}

const IMAGE_KEYS: readonly PortalImageKind[] = ['logo', 'favicon'];

/**
 * Reads the `portal:` section of a catalog file's text, if any. Problems are returned as
 * sentences (the caller makes them a CatalogError with the apps' problems).
 */
export async function readPortalSection(
  text: string,
  readImage: (path: string) => Promise<Uint8Array | undefined>,
  sanitize: SvgSanitize,
): Promise<{ section?: PortalSection; problems: string[] }> {
  // Most catalog files have no section: their YAML (parsed by parseCatalog) is not read twice.
  if (!/^\s*"?portal"?\s*:/m.test(text)) return { problems: [] };
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch {
    return { problems: [] }; // parseCatalog reports it.
  }
  if (typeof document !== 'object' || document === null || !Object.hasOwn(document, 'portal')) {
    return { problems: [] };
  }
  const raw = (document as { portal: unknown }).portal;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { problems: ['"portal" must be an object (title, subtitle, footer, ...)'] };
  }
  const fields: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (!(IMAGE_KEYS as readonly string[]).includes(key)) fields[key] = value;
  }
  const { change, errors } = checkBrandingChange(fields);
  for (const [field, message] of Object.entries(errors)) {
    problems.push(`portal: field "${field}" ${message}`);
  }
  const images: PortalSection['images'] = {};
  for (const kind of IMAGE_KEYS) {
    const path = (raw as Record<string, unknown>)[kind];
    if (path === undefined || path === null) continue;
    if (typeof path !== 'string' || path.trim() === '') {
      problems.push(`portal: field "${kind}" must name an image file`);
      continue;
    }
    const bytes = await readImage(path.trim());
    if (!bytes) {
      problems.push(`portal: field "${kind}" names a file that does not exist`);
      continue;
    }
    try {
      images[kind] = await checkLogo(Buffer.from(bytes), sanitize);
    } catch (error) {
      problems.push(`portal: field "${kind}": ${(error as Error).message}`);
    }
  }
  return { section: { change, images }, problems };
}

/**
 * The `portal:` section of an export: the values admins set (null ones are the configuration's
 * and are left out), and with `images` the logo and favicon as files beside catalog.yaml.
 */
export async function exportPortalSection(
  repository: BrandingRepository,
  options: { images: boolean },
): Promise<{ section: Record<string, unknown> | undefined; files: Map<string, Uint8Array> }> {
  const record: BrandingRecord = await repository.read();
  const section: Record<string, unknown> = {};
  for (const field of BRANDING_FIELDS) {
    const value = record.texts[field];
    if (value !== null) section[field] = value;
  }
  const files = new Map<string, Uint8Array>();
  if (options.images) {
    for (const kind of IMAGE_KEYS) {
      if (!record.images[kind]) continue;
      const image = await repository.image(kind);
      const type = image && imageTypeOf(image.contentType);
      if (!image || !type) continue;
      const path = `portal/${kind}${IMAGE_TYPES[type]}`;
      files.set(path, new Uint8Array(image.bytes));
      section[kind] = path;
    }
  }
  return { section: Object.keys(section).length > 0 ? section : undefined, files };
}

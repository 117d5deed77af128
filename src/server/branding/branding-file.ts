import { parse as parseYaml } from 'yaml';
import {
  BRANDING_FIELDS,
  checkBrandingChange,
  type BrandingChange,
} from '../../shared/branding/branding-rules.js';
import type { Actor } from '../../shared/api/admin-schemas.js';
import { sameValue, type LocalizedText } from '../../shared/i18n/localized-text.js';
import type {
  BrandingRecord,
  BrandingRepository,
  BrandingTexts,
  PortalImageKind,
} from './branding.repository.js';
import { checkLogo, type CheckedLogo, type LogoChecks } from '../files/logo-files.js';
import { IMAGE_TYPES, imageTypeOf } from '../lib/image-types.js';
import { audited } from '../audit/unit-of-work.js';
import type { Db } from '../db/database.js';
import { iconOfImageField, quotedSlug, type IconLookup } from '../files/icons/catalog-icons.js';

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
 * sentences (the caller makes them a CatalogError with the apps' problems). `logo` and
 * `favicon` name an image file, or `icon:<slug>` an icon of the bundled set (`icons`).
 */
export async function readPortalSection(
  text: string,
  readImage: (path: string) => Promise<Uint8Array | undefined>,
  checks: LogoChecks,
  icons: IconLookup,
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
  // No prototype: a `__proto__` key of the file is a field like any other (and refused as
  // unknown), not a change of this object's prototype that would drop it silently.
  const fields: Record<string, unknown> = Object.create(null);
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
      problems.push(`portal: field "${kind}" must name an image file or icon:<name>`);
      continue;
    }
    const icon = iconOfImageField(path);
    let bytes: Uint8Array | undefined;
    if (icon !== undefined) {
      const svg = await icons.svg(icon);
      if (svg === undefined) {
        problems.push(
          `portal: field "${kind}" names the icon ${quotedSlug(icon)}, which the bundled icon set does not have`,
        );
        continue;
      }
      bytes = Buffer.from(svg, 'utf8');
    } else {
      bytes = await readImage(path.trim());
      if (!bytes) {
        problems.push(`portal: field "${kind}" names a file that does not exist`);
        continue;
      }
    }
    try {
      images[kind] = await checkLogo(Buffer.from(bytes), checks);
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

/**
 * What a catalog file last applied of its `portal:` section (CATALOG_FILE, decision 0034): the
 * texts it set and its images' hashes, so the next start writes only what the file changed.
 */
export interface PortalBaseline {
  texts: BrandingChange;
  images: Partial<Record<PortalImageKind, string>>;
}

export function portalBaselineOf(section: PortalSection): PortalBaseline {
  const images: PortalBaseline['images'] = {};
  for (const [kind, image] of Object.entries(section.images)) {
    images[kind as PortalImageKind] = image.sha256;
  }
  return { texts: { ...section.change }, images };
}

/** What applying a section changes: fields before and after (images as type and hash). */
export interface PortalSectionChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const imageAudit = (image?: { contentType: string; sha256: string }) =>
  image ? { contentType: image.contentType, sha256: image.sha256 } : null;

/**
 * Compares a section with the stored branding. With a `baseline`, only the fields and images
 * whose value in the file changed since then count (edits made in the console to others stay).
 */
export function planPortalSection(
  current: BrandingRecord,
  section: PortalSection,
  baseline?: PortalBaseline,
): {
  texts: BrandingTexts;
  images: [PortalImageKind, CheckedLogo][];
  change: PortalSectionChange | undefined;
} {
  const texts: BrandingTexts = { ...current.texts };
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(section.change) as [
    keyof BrandingTexts,
    LocalizedText | null,
  ][]) {
    // Texts by language compare whatever the order of their languages.
    if (
      baseline &&
      Object.hasOwn(baseline.texts, field) &&
      sameValue(baseline.texts[field], value)
    ) {
      continue;
    }
    if (sameValue(current.texts[field], value)) continue;
    before[field] = current.texts[field];
    after[field] = value;
    (texts as Record<string, LocalizedText | null>)[field] = value;
  }
  const images: [PortalImageKind, CheckedLogo][] = [];
  for (const [kind, image] of Object.entries(section.images) as [PortalImageKind, CheckedLogo][]) {
    if (baseline?.images[kind] === image.sha256) continue;
    if (current.images[kind]?.sha256 === image.sha256) continue;
    images.push([kind, image]);
    before[kind] = imageAudit(current.images[kind]);
    after[kind] = imageAudit(image);
  }
  return { texts, images, change: Object.keys(after).length > 0 ? { before, after } : undefined };
}

/**
 * Applies a section (already checked as it was read): texts and images in one transaction with
 * one `branding` audit entry of what changed; nothing changed, nothing written. The caller drops
 * its kept branding (other instances and processes read it again within a second).
 */
export async function applyPortalSection(
  deps: {
    repository: BrandingRepository;
    db: Db;
    clock: () => string;
  },
  actor: Actor,
  section: PortalSection,
  baseline?: PortalBaseline,
): Promise<PortalSectionChange | undefined> {
  const { repository } = deps;
  return audited(deps.db, { actor, at: deps.clock() }, async ({ trx, at, audit }) => {
    const plan = planPortalSection(await repository.read(trx), section, baseline);
    if (!plan.change) return undefined;
    for (const [kind, image] of plan.images) await repository.putImage(trx, kind, image, at);
    await repository.write(trx, plan.texts, actor, at);
    await audit({ action: 'branding', appId: null, ...plan.change });
    return plan.change;
  });
}

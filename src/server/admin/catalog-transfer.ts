import { posix } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { stringify } from 'yaml';
import type { Actor, ImportResult, ManagedBy } from '../../shared/api/admin-schemas.js';
import { APP_FIELDS } from '../../shared/catalog/app-rules.js';
import { CatalogError, parseCatalog, type CatalogEntry } from '../catalog/catalog-file.js';
import type { AppRecord } from '../catalog/apps.queries.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { nextStamp, type AdminRepository, type AppSnapshot } from './admin.repository.js';
import { changedFields, snapshotOf } from './app-snapshot.js';
import { checkLogo, type CheckedLogo } from './logo-files.js';

/** The catalog file inside an export .zip; logos sit beside it under logos/. */
export const ZIP_CATALOG_NAME = 'catalog.yaml';
/** Largest upload of an import (YAML or .zip). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/x-icon': '.ico',
  'image/svg+xml': '.svg',
};

/** The fields a catalog file sets: the editable ones (the logo travels as a file). */
const FILE_FIELDS = APP_FIELDS.filter((field) => field !== 'id');

/** A parsed catalog, with the logos it brings (by app id), ready to compare and apply. */
export interface CatalogInput {
  entries: CatalogEntry[];
  logos: Map<string, CheckedLogo>;
}

function entrySnapshot(entry: CatalogEntry): AppSnapshot {
  return Object.fromEntries(FILE_FIELDS.map((field) => [field, entry[field]]));
}

function appFieldsOf(record: AppRecord): AppSnapshot {
  const snapshot = snapshotOf(record);
  return Object.fromEntries(FILE_FIELDS.map((field) => [field, snapshot[field]]));
}

/**
 * The whole catalog as a catalog file (docs/catalog.md), in listing order. With `logos`, each
 * app with a logo names `logos/{id}.{ext}` and the caller gets those files to zip beside it.
 */
export async function exportCatalog(
  admin: AdminRepository,
  options: { logos: boolean },
): Promise<{ yaml: string; files: Map<string, Uint8Array> }> {
  const files = new Map<string, Uint8Array>();
  const apps = [];
  for (const record of await admin.list(false)) {
    const app: Record<string, unknown> = { id: record.id, ...appFieldsOf(record) };
    if (options.logos && record.image !== '') {
      const logo = await admin.findLogo(record.id);
      const extension = logo ? EXTENSIONS[logo.contentType] : undefined;
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
  return { yaml: header + stringify({ apps }, { lineWidth: 0 }), files };
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
 * `readLogo` resolves image paths of a plain file (the CLI and CATALOG_FILE read the disk).
 */
export async function readCatalogUpload(
  upload: string | Uint8Array,
  name: string,
  disk?: {
    baseDir: string;
    readLogo: (absolutePath: string) => Promise<Uint8Array | undefined>;
  },
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
    const catalog = files[ZIP_CATALOG_NAME];
    if (!catalog) throw new CatalogError(name, [`the .zip has no ${ZIP_CATALOG_NAME}`]);
    text = new TextDecoder().decode(catalog);
  } else {
    text = typeof upload === 'string' ? upload : new TextDecoder().decode(upload);
  }
  const entries = parseCatalog(text, name, base);
  const logos = new Map<string, CheckedLogo>();
  const problems: string[] = [];
  for (const entry of entries) {
    if (!entry.imagePath) continue;
    let bytes: Uint8Array | undefined;
    if (files) bytes = files[posix.relative(base, entry.imagePath)];
    else if (readLogo) bytes = await readLogo(entry.imagePath);
    if (!bytes) {
      problems.push(
        files || readLogo
          ? `app "${entry.name}": field "image" names a file that does not exist`
          : `app "${entry.name}": field "image" needs the logo file: upload a .zip with the logos`,
      );
      continue;
    }
    try {
      logos.set(entry.id, await checkLogo(Buffer.from(bytes)));
    } catch (error) {
      problems.push(`app "${entry.name}": field "image": ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) throw new CatalogError(name, problems);
  return { entries, logos };
}

export interface ImportOptions {
  prune: boolean;
  dryRun: boolean;
  actor: Actor;
  managedBy: ManagedBy;
  /**
   * The file as last applied (CATALOG_FILE): only fields that changed since are applied, and
   * apps the file already listed but an admin deleted stay deleted (decision 0006).
   */
  baseline?: Map<string, AppSnapshot>;
}

interface Planned {
  entry: CatalogEntry;
  record: AppRecord | undefined;
  fields: AppSnapshot;
  logo: CheckedLogo | undefined;
}

/**
 * Compares a catalog with the database and, unless a dry run, applies the difference in one
 * transaction (all or nothing) with one `import` audit entry per app changed.
 */
export async function importCatalog(
  deps: { admin: AdminRepository; apps: AppsRepository; clock: () => string },
  input: CatalogInput,
  options: ImportOptions,
): Promise<ImportResult> {
  const { admin } = deps;
  const result: ImportResult = {
    dryRun: options.dryRun,
    applied: false,
    add: [],
    change: [],
    delete: [],
    unchanged: 0,
  };
  const plan: Planned[] = [];
  const listed = new Set<string>();
  for (const entry of input.entries) {
    listed.add(entry.id);
    const record = await admin.findApp(entry.id);
    const wanted = entrySnapshot(entry);
    const logo = input.logos.get(entry.id);
    const baseline = options.baseline?.get(entry.id);
    if (!record || record.deletedAt !== null) {
      // Deleted by an admin since the file last listed it: the deletion wins.
      if (baseline && record?.deletedAt) {
        result.unchanged += 1;
        continue;
      }
      if (baseline && !record) {
        result.unchanged += 1;
        continue;
      }
      result.add.push({ id: entry.id, name: entry.name });
      plan.push({ entry, record, fields: wanted, logo });
      continue;
    }
    let target = wanted;
    if (baseline) {
      // Only what the file changed since it was last applied; admin edits to the rest stay.
      const fileChanges = changedFields(baseline, wanted);
      target = fileChanges.after;
    }
    const current = appFieldsOf(record);
    const diff = changedFields(
      Object.fromEntries(Object.keys(target).map((key) => [key, current[key]])),
      target,
    );
    const changes = diff.fields.map((field) => ({
      field,
      before: diff.before[field],
      after: diff.after[field],
    }));
    const existingLogo = logo ? await admin.findLogo(entry.id) : undefined;
    const logoChanged = logo !== undefined && existingLogo?.sha256 !== logo.sha256;
    if (logoChanged) changes.push({ field: 'image', before: record.image, after: logo.fileName });
    const managedChanged = record.managedBy !== options.managedBy && options.managedBy !== 'portal';
    if (changes.length === 0 && !managedChanged) {
      result.unchanged += 1;
      continue;
    }
    if (changes.length > 0) result.change.push({ id: entry.id, name: entry.name, fields: changes });
    else result.unchanged += 1;
    plan.push({ entry, record, fields: diff.after, logo: logoChanged ? logo : undefined });
  }
  const pruned: AppRecord[] = [];
  if (options.prune) {
    for (const record of await admin.list(false)) {
      if (listed.has(record.id)) continue;
      pruned.push(record);
      result.delete.push({ id: record.id, name: record.name });
    }
  }
  if (options.dryRun || (plan.length === 0 && pruned.length === 0)) return result;

  await admin.transaction(async (trx) => {
    const now = await nextStamp(trx, deps.clock());
    const by = options.actor.username;
    for (const { entry, record, fields, logo } of plan) {
      const row = {
        name: entry.name,
        description: entry.description,
        doc: entry.doc,
        github: entry.github,
        env: entry.env,
        category: entry.category,
        link: entry.link,
        isPublic: entry.isPublic ? 1 : 0,
        collectionId: entry.collectionId,
      };
      if (!record) {
        await admin.insertApp(
          trx,
          { id: entry.id, ...row, image: '', updatedBy: by, managedBy: options.managedBy },
          entry.associatedGroups,
          now,
        );
      } else {
        const changes: Record<string, unknown> = { updatedBy: by };
        // Only the catalog file claims apps; an import through the API leaves the mark alone.
        if (options.managedBy === 'catalog-file') changes.managedBy = 'catalog-file';
        const all = record.deletedAt !== null;
        for (const field of Object.keys(all ? row : fields)) {
          if (field in row) changes[field] = row[field as keyof typeof row];
        }
        if (all) Object.assign(changes, { deletedAt: null, deletedBy: null });
        const groups = all || 'associatedGroups' in fields ? entry.associatedGroups : undefined;
        await admin.updateApp(trx, entry.id, changes, groups, now);
      }
      if (logo) {
        await admin.putLogo(
          trx,
          entry.id,
          { contentType: logo.contentType, bytes: logo.bytes, sha256: logo.sha256 },
          now,
        );
        await admin.updateApp(trx, entry.id, { image: logo.fileName }, undefined, now);
      }
      const after = await admin.findApp(entry.id, trx);
      const before = record && record.deletedAt === null ? snapshotOf(record) : null;
      const snapshotAfter = after ? snapshotOf(after) : null;
      const audited = before && snapshotAfter ? changedFields(before, snapshotAfter) : undefined;
      if (audited && audited.fields.length === 0) continue;
      await admin.appendAudit(
        trx,
        {
          actor: options.actor,
          action: 'import',
          appId: entry.id,
          before: audited ? audited.before : before,
          after: audited ? audited.after : snapshotAfter,
        },
        now,
      );
    }
    for (const record of pruned) {
      await admin.updateApp(
        trx,
        record.id,
        { deletedAt: now, deletedBy: options.actor.username, updatedBy: options.actor.username },
        undefined,
        now,
      );
      await admin.appendAudit(
        trx,
        {
          actor: options.actor,
          action: 'delete',
          appId: record.id,
          before: snapshotOf(record),
          after: null,
        },
        now,
      );
    }
  });
  deps.apps.notifyChange();
  result.applied = true;
  return result;
}

import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileStorage } from '../files/file-storage.js';
import type { AppsRepository } from './apps.repository.js';
import { CatalogError, parseCatalog } from './catalog-file.js';

/** The demo catalog shipped with the portal (data, not code: it sits at the repository root). */
export const DEMO_CATALOG_FILE = fileURLToPath(
  new URL('../../../catalog/demo/catalog.yaml', import.meta.url),
);

/**
 * Loads a catalog file into the database: validates everything first, copies logos into file
 * storage, then inserts or updates every app in one transaction. Nothing is deleted.
 */
export async function loadCatalogFile(
  file: string,
  deps: { apps: AppsRepository; storage: FileStorage; now?: () => Date },
): Promise<{ inserted: number; updated: number }> {
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CatalogError(file, [
      `cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}`,
    ]);
  }
  const entries = parseCatalog(text, file, dirname(path));

  const missing: string[] = [];
  for (const entry of entries) {
    if (!entry.imagePath) continue;
    const info = await stat(entry.imagePath).catch(() => undefined);
    if (!info?.isFile())
      missing.push(`app "${entry.name}": field "image" names a file that does not exist`);
    else if (info.size > 2 * 1024 * 1024)
      missing.push(`app "${entry.name}": field "image" is larger than 2 MiB`);
  }
  if (missing.length > 0) throw new CatalogError(file, missing);

  const apps = [];
  for (const entry of entries) {
    const image = entry.imagePath
      ? await deps.storage.importFile(entry.imagePath, entry.collectionId, entry.id)
      : '';
    apps.push({
      row: {
        id: entry.id,
        name: entry.name,
        description: entry.description,
        image,
        doc: entry.doc,
        github: entry.github,
        env: entry.env,
        category: entry.category,
        link: entry.link,
        isPublic: entry.isPublic ? 1 : 0,
        collectionId: entry.collectionId,
      },
      groups: entry.associatedGroups,
    });
  }
  const now = (deps.now ?? (() => new Date()))().toISOString();
  return deps.apps.upsertApps(apps, now);
}

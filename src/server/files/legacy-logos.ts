import { readFile } from 'node:fs/promises';
import { checkHere, checkLogo } from './logo-files.js';
import type { Db } from '../db/database.js';
import type { FileStorage } from './file-storage.js';

/**
 * Logos used to be files under `{DATA_DIR}/storage`; they now live in the database (decision
 * 0005). At start-up, every app whose logo is named but not yet in the `logos` table gets it from
 * the old storage (checked and sanitised like an upload). The app keeps its file name, so its
 * logo URL does not change. Returns how many were imported; unreadable or invalid files are
 * reported and skipped.
 */
export async function importStoredLogos(
  db: Db,
  storage: FileStorage,
  warn: (message: string) => void = () => {},
): Promise<number> {
  const missing = await db
    .selectFrom('apps')
    .leftJoin('logos', 'logos.appId', 'apps.id')
    .select(['apps.id', 'apps.collectionId', 'apps.image'])
    .where('apps.image', '!=', '')
    .where('logos.appId', 'is', null)
    .execute();
  let imported = 0;
  for (const app of missing) {
    const file = await storage.find(app.collectionId, app.id, app.image);
    if (!file) continue;
    try {
      // Start-up, before the server listens: nothing waits on this thread, and the SVG budget
      // bounds the work.
      const logo = await checkLogo(await readFile(file.path), checkHere);
      await db
        .insertInto('logos')
        .values({
          appId: app.id,
          contentType: logo.contentType,
          bytes: logo.bytes,
          sha256: logo.sha256,
          updated: file.mtime.toISOString(),
        })
        .execute();
      imported += 1;
    } catch (error) {
      warn(`The stored logo of app "${app.id}" was not imported: ${(error as Error).message}`);
    }
  }
  return imported;
}

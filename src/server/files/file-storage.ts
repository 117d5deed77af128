import { copyFile, mkdir, stat } from 'node:fs/promises';
import { basename, extname, join, resolve, sep } from 'node:path';

/** File names the storage accepts: no path parts, no leading dot, a short safe alphabet. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isSafeSegment(segment: string): boolean {
  return SAFE_NAME.test(segment) && !segment.includes('..');
}

/**
 * Uploaded and catalog files under `{DATA_DIR}/storage/{collectionId}/{appId}/{fileName}`.
 * Every path is built from checked segments and re-checked to stay inside the root.
 */
export function createFileStorage(root: string) {
  const absoluteRoot = resolve(root);

  function pathOf(collectionId: string, appId: string, fileName: string): string | undefined {
    if (![collectionId, appId, fileName].every(isSafeSegment)) return undefined;
    const path = resolve(absoluteRoot, collectionId, appId, fileName);
    return path.startsWith(absoluteRoot + sep) ? path : undefined;
  }

  return {
    root: absoluteRoot,
    pathOf,

    /** Path of a stored regular file, or undefined if the name is unsafe or nothing is there. */
    async find(collectionId: string, appId: string, fileName: string) {
      const path = pathOf(collectionId, appId, fileName);
      if (!path) return undefined;
      try {
        const info = await stat(path);
        return info.isFile() ? { path, size: info.size, mtime: info.mtime } : undefined;
      } catch {
        return undefined;
      }
    },

    /** Copies a file into storage under a safe name derived from its own; returns that name. */
    async importFile(source: string, collectionId: string, appId: string): Promise<string> {
      const extension = extname(source).toLowerCase();
      const stem = basename(source, extname(source))
        .replace(/[^A-Za-z0-9_-]+/g, '-')
        .replace(/^[-_]+|[-_]+$/g, '')
        .slice(0, 100);
      const fileName = `${stem || 'logo'}${extension}`;
      const target = pathOf(collectionId, appId, fileName);
      if (!target) throw new Error(`cannot store ${source} as ${fileName}`);
      await mkdir(join(absoluteRoot, collectionId, appId), { recursive: true });
      await copyFile(source, target);
      return fileName;
    },
  };
}

export type FileStorage = ReturnType<typeof createFileStorage>;

import { CatalogError } from '../catalog/catalog-file.js';
import type { CheckedLogo } from '../files/logo-files.js';
import { ServiceUnavailableError } from '../http/errors.js';
import {
  createWorkerPool,
  WorkerBusyError,
  WorkerCrashError,
  WorkerTaskError,
  WorkerTimeoutError,
  WORKER_IDLE_MS,
  workerEntry,
} from '../lib/worker-pool.js';
import type { CatalogInput } from './catalog-transfer.js';

/** How long reading one catalog file may take (a 20 MiB file of 9,000 apps takes about 3 s). */
export const CATALOG_READ_TIMEOUT_MS = 60_000;

/** A task of the reader's worker: an upload's text or bytes, or a catalog file on disk. */
export type CatalogReadTask =
  { kind: 'upload'; upload: string | Uint8Array; name: string } | { kind: 'file'; file: string };

export interface CatalogReader {
  /** readCatalogUpload in the worker: an upload's text, or a .zip with its logos. */
  upload(upload: string | Uint8Array, name: string): Promise<CatalogInput>;
  /** readCatalogFile in the worker: a catalog file and the logos it names, from disk. */
  file(file: string): Promise<CatalogInput & { text: string }>;
  close(): Promise<void>;
}

/** Buffers become plain bytes on their way between threads: the logos get theirs back. */
function withBuffers<T extends CatalogInput>(input: T): T {
  const logos = new Map<string, CheckedLogo>();
  for (const [id, logo] of input.logos) {
    const bytes = logo.bytes as Uint8Array;
    logos.set(id, { ...logo, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) });
  }
  if (!input.portal) return { ...input, logos };
  const images: typeof input.portal.images = {};
  for (const [kind, image] of Object.entries(input.portal.images)) {
    const bytes = image.bytes as Uint8Array;
    images[kind as keyof typeof images] = {
      ...image,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
    };
  }
  return { ...input, logos, portal: { ...input.portal, images } };
}

/**
 * Reads catalog files (YAML or JSON parsing, validation, unzipping, logo checks) in one worker
 * thread, started on first use: a 20 MiB import no longer stops every other request while it
 * is parsed. Each read has a time limit; one read runs at a time and one more may wait, others
 * are refused (503). Every problem with the file is a CatalogError, as when read in this thread.
 */
export function createCatalogReader(options: { timeoutMs?: number } = {}): CatalogReader {
  const timeoutMs = options.timeoutMs ?? CATALOG_READ_TIMEOUT_MS;
  const pool = createWorkerPool<CatalogReadTask, CatalogInput & { text?: string }>({
    entry: workerEntry(import.meta.url, 'catalog-reader.worker'),
    size: 1,
    timeoutMs,
    maxQueue: 1,
    // Catalogs are read at start and on imports: the worker's memory goes back in between.
    idleMs: WORKER_IDLE_MS,
  });

  async function read(task: CatalogReadTask, name: string) {
    try {
      return withBuffers(await pool.run(task));
    } catch (error) {
      if (error instanceof WorkerTaskError && error.errorName === 'CatalogError') {
        const { file, problems } = error.data as { file: string; problems: string[] };
        throw new CatalogError(file, problems);
      }
      if (error instanceof WorkerTimeoutError) {
        throw new CatalogError(name, [
          `could not be read within ${timeoutMs / 1000} s; split it into smaller files`,
        ]);
      }
      if (error instanceof WorkerBusyError) {
        throw new ServiceUnavailableError(
          'Another catalog file is being read right now. Please try again in a moment.',
        );
      }
      if (error instanceof WorkerCrashError) {
        throw new CatalogError(name, ['could not be read: it needs too much memory']);
      }
      throw error;
    }
  }

  return {
    upload: (upload, name) => read({ kind: 'upload', upload, name }, name),
    file: async (file) => {
      const input = await read({ kind: 'file', file }, file);
      return { ...input, text: input.text ?? '' };
    },
    close: () => pool.close(),
  };
}

import { availableParallelism } from 'node:os';
import { ServiceUnavailableError, UnprocessableEntityError } from '../http/errors.js';
import {
  createWorkerPool,
  WorkerBusyError,
  WorkerCrashError,
  WorkerTaskError,
  WorkerTimeoutError,
  WORKER_IDLE_MS,
  workerEntry,
} from '../lib/worker-pool.js';
import type { SvgSanitize } from './logo-files.js';

/** How long sanitising one SVG may take (within the budget it takes well under a second). */
export const SVG_SANITISE_TIMEOUT_MS = 5_000;

export interface SvgSanitiser {
  /** The sanitised SVG (logo-files.ts sanitizeSvg), computed in a worker thread. */
  sanitize: SvgSanitize;
  /** Stops the workers (the app's onClose). */
  close(): Promise<void>;
}

/**
 * SVG sanitising off the event loop: up to two worker threads (one on a two-core machine),
 * started on the first SVG, each
 * sanitising one logo at a time under a time limit. An SVG that runs over is refused (422) and
 * its worker replaced; when eight already wait, the next is refused (503) rather than queued.
 */
export function createSvgSanitiser(
  options: { timeoutMs?: number; size?: number } = {},
): SvgSanitiser {
  const pool = createWorkerPool<string, string | undefined>({
    entry: workerEntry(import.meta.url, 'svg-sanitiser.worker'),
    // One core stays for the event loop: two workers on a two-core machine slow every request.
    size: options.size ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
    timeoutMs: options.timeoutMs ?? SVG_SANITISE_TIMEOUT_MS,
    maxQueue: 8,
    maxHeapMb: 256,
    // Logos come with edits and imports: jsdom's memory goes back in between.
    idleMs: WORKER_IDLE_MS,
  });
  return {
    async sanitize(text) {
      try {
        return await pool.run(text);
      } catch (error) {
        if (error instanceof WorkerTimeoutError) {
          throw new UnprocessableEntityError(
            'The SVG took too long to check; simplify it or use a PNG.',
          );
        }
        if (error instanceof WorkerBusyError) {
          throw new ServiceUnavailableError(
            'Too many logos are being checked right now. Please try again in a moment.',
          );
        }
        if (error instanceof WorkerTaskError || error instanceof WorkerCrashError) {
          // The sanitiser failed on this document (or ran out of memory): refuse it.
          throw new UnprocessableEntityError(
            'The SVG cannot be checked; simplify it or use a PNG.',
          );
        }
        throw error;
      }
    },
    close: () => pool.close(),
  };
}

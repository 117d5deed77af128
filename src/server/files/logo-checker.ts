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
import type { LogoCheckResult, LogoCheckTask, LogoChecks } from './logo-files.js';

/** How long checking one logo may take (within the budgets it takes well under a second). */
export const LOGO_CHECK_TIMEOUT_MS = 5_000;

export interface LogoChecker {
  /** The checks of logo-files.ts (sanitizeSvg, rasterStructure), computed in a worker thread. */
  checks: LogoChecks;
  /** Stops the workers (the app's onClose). */
  close(): Promise<void>;
}

/**
 * Logo checks off the event loop (decision 0025): SVG sanitising and the structure of raster
 * images, in up to two worker threads (one on a two-core machine), started on the first logo,
 * each checking one logo at a time under a time limit. A logo that runs over is refused (422) and
 * its worker replaced; when eight already wait, the next is refused (503) rather than queued.
 */
export function createLogoChecker(
  options: { timeoutMs?: number; size?: number } = {},
): LogoChecker {
  const pool = createWorkerPool<LogoCheckTask, LogoCheckResult>({
    entry: workerEntry(import.meta.url, 'logo-checker.worker'),
    // One core stays for the event loop: two workers on a two-core machine slow every request.
    size: options.size ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
    timeoutMs: options.timeoutMs ?? LOGO_CHECK_TIMEOUT_MS,
    maxQueue: 8,
    maxHeapMb: 256,
    // Logos come with edits and imports: jsdom's memory goes back in between.
    idleMs: WORKER_IDLE_MS,
  });
  const run = async (task: LogoCheckTask): Promise<LogoCheckResult> => {
    try {
      return await pool.run(task);
    } catch (error) {
      if (error instanceof WorkerTimeoutError) {
        throw new UnprocessableEntityError(
          'The logo took too long to check; simplify it or use a PNG.',
        );
      }
      if (error instanceof WorkerBusyError) {
        throw new ServiceUnavailableError(
          'Too many logos are being checked right now. Please try again in a moment.',
        );
      }
      if (error instanceof WorkerTaskError || error instanceof WorkerCrashError) {
        // The check failed on this file (or ran out of memory): refuse it.
        throw new UnprocessableEntityError('The logo cannot be checked; simplify it or use a PNG.');
      }
      throw error;
    }
  };
  return {
    checks: {
      async sanitizeSvg(text) {
        return (await run({ svg: text })) as string | undefined;
      },
      async rasterStructure(bytes, type) {
        return (await run({ raster: bytes, type })) as Exclude<LogoCheckResult, string | undefined>;
      },
    },
    close: () => pool.close(),
  };
}

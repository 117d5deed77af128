import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import type { Messages } from '@lingui/core';
import type { PageState, RenderPage } from '../../shared/api/page-schemas.js';
import {
  createWorkerPool,
  WorkerBusyError,
  WorkerCrashError,
  workerEntry,
} from '../lib/worker-pool.js';

/**
 * dist/ssr/entry-server.js (built by `vite build --ssr`, see package.json's build:web), found
 * from this file in both src/server/spa (tests) and dist/server/spa (built).
 */
export const DEFAULT_SSR_ENTRY = fileURLToPath(
  new URL('../../../dist/ssr/entry-server.js', import.meta.url),
);

/**
 * Loads the server-rendering bundle's `render` once, at start. Null when it has not been built:
 * the page is then sent without rendered markup and the browser renders it (as before SSR).
 */
export async function loadRenderer(path = DEFAULT_SSR_ENTRY): Promise<RenderPage | null> {
  if (!existsSync(path)) return null;
  const bundle = (await import(pathToFileURL(path).href)) as { render?: unknown };
  if (typeof bundle.render !== 'function') {
    throw new Error(`${path} does not export a render function`);
  }
  return bundle.render as RenderPage;
}

/** One page for the render worker (page-render.worker.ts): the bundle to render it with. */
export interface PageRenderTask {
  bundle: string;
  /** The state; its `apps` are empty when `appsJson` is given. */
  state: PageState;
  /**
   * The state's apps as the page carries them (jsonForScript), written once per list: a string
   * is copied to the worker in one piece, where a list of objects is cloned one by one on the
   * event loop (about 3 ms at 500 apps).
   */
  appsJson?: string;
  messages?: Messages;
}

/** The state a task stands for, its apps read back from `appsJson` when it has them. */
export function taskState({ state, appsJson }: PageRenderTask): PageState {
  if (appsJson === undefined) return state;
  return { ...state, apps: JSON.parse(appsJson) as PageState['apps'] };
}

/** How long one page's rendering may take in the worker before the worker is stopped. */
export const PAGE_RENDER_TIMEOUT_MS = 15_000;
/** The render worker is stopped after this long without a page to render (its memory freed). */
export const PAGE_RENDER_IDLE_MS = 10_000;

/** Renders pages away from the event loop (decision 0040). */
export interface RenderElsewhere {
  /**
   * The page's markup as UTF-8, rendered and encoded in the worker thread (started for it when
   * it is not running): encoding a page of 500 apps took the event loop about 5 ms.
   * Rejects with `RenderElsewhereUnavailable` when the worker cannot take it (did not start,
   * crashed, too many pages waiting): the caller may render here instead. Any other rejection
   * is the rendering's own failure. `appsJson`, when given, is `jsonForScript(state.apps)`,
   * written before: it is sent in place of the list.
   */
  render(state: PageState, messages?: Messages, appsJson?: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** The render worker could not take the page (not its rendering's fault). */
export class RenderElsewhereUnavailable extends Error {
  constructor(readonly reason: Error) {
    super(`The render worker could not take the page: ${reason.message}`);
    this.name = 'RenderElsewhereUnavailable';
  }
}

/**
 * The server-rendering bundle at `bundle` run in one worker thread (lib/worker-pool.ts), started
 * by the first page and stopped after `idleMs` without a page. Pages wait in turn, at most
 * `maxQueue` of them.
 */
export function createRenderWorker(
  bundle: string = DEFAULT_SSR_ENTRY,
  options: { timeoutMs?: number; idleMs?: number; maxQueue?: number } = {},
): RenderElsewhere {
  const pool = createWorkerPool<PageRenderTask, Uint8Array>({
    entry: workerEntry(import.meta.url, 'page-render.worker'),
    // One core stays for the event loop.
    size: 1,
    timeoutMs: options.timeoutMs ?? PAGE_RENDER_TIMEOUT_MS,
    maxQueue: options.maxQueue ?? 64,
    maxHeapMb: 256,
    idleMs: options.idleMs ?? PAGE_RENDER_IDLE_MS,
  });
  return {
    async render(state, messages, appsJson) {
      const task: PageRenderTask =
        appsJson === undefined
          ? { bundle, state, messages }
          : { bundle, state: { ...state, apps: [] }, appsJson, messages };
      try {
        return await pool.run(task);
      } catch (error) {
        if (error instanceof WorkerBusyError || error instanceof WorkerCrashError) {
          throw new RenderElsewhereUnavailable(error);
        }
        throw error;
      }
    },
    close: () => pool.close(),
  };
}

/**
 * The server's worker modules bundled for the tests, once per test run. From the TypeScript
 * sources a worker thread loads its module through tsx, registered inside the worker (worker-pool.ts
 * workerEntry): about 1.8 s a start on this machine, paid by every test that builds an app and
 * reads a catalog or an SVG. The global set-up bundles each worker module with esbuild (the
 * packages stay imported from node_modules), and the set-up file points the pools at them.
 * The worker pool's own tests keep their tsx path (lib/test-support/tasks.worker.ts).
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUT = join(ROOT, '.tmp', 'worker-bundles');

/** The production worker modules: base name (as workerEntry takes it) to source file. */
export const WORKER_MODULES: Record<string, string> = {
  'catalog-reader.worker': 'src/server/admin/catalog-reader.worker.ts',
  'logo-checker.worker': 'src/server/files/logo-checker.worker.ts',
  'page-render.worker': 'src/server/spa/page-render.worker.ts',
};

/** The bundle of each worker module (built by bundleWorkers), by base name. */
export function workerBundles(): Map<string, URL> {
  const bundles = new Map<string, URL>();
  for (const name of Object.keys(WORKER_MODULES)) {
    const file = join(OUT, `${name}.mjs`);
    if (existsSync(file)) bundles.set(name, pathToFileURL(file));
  }
  return bundles;
}

/** vitest's global set-up of the server projects: bundles every worker module afresh. */
export default async function bundleWorkers(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(WORKER_MODULES).map(([name, source]) => [name, join(ROOT, source)]),
    ),
    outdir: OUT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

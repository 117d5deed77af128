// The "before" of a benchmark (BENCH_BASELINE=<git ref>): that commit's code, built once into a
// folder of the system's temporary directory (kept between runs, keyed by the commit), so that
// a bench measures it and the working tree on the same machine in one run. The baseline uses
// this checkout's node_modules (linked) when its package-lock.json is this tree's; otherwise
// (a dependency added, removed or moved since) it installs its own with `npm ci` (from the npm
// registry, a few minutes with better-sqlite3's build), once per commit.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './ensure.mjs';

function git(args, options = {}) {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`git ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
  }
  return result.stdout.trim();
}

/**
 * The root folder of `ref`'s built code (dist/server/main.js, dist/web), building it when it is
 * not there yet. Returns undefined when no baseline is asked for.
 */
export function baselineRoot(ref = process.env.BENCH_BASELINE) {
  if (!ref) return undefined;
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const root = join(tmpdir(), `app-portal-baseline-${commit.slice(0, 12)}`);
  const built = join(root, '.baseline-built');
  if (existsSync(built)) return root;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  process.stderr.write(`Building the baseline ${ref} (${commit.slice(0, 12)}) in ${root} ...\n`);
  const archive = spawnSync('git', ['archive', '--format=tar', commit], {
    cwd: ROOT,
    maxBuffer: 1024 * 1024 * 1024,
  });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed`);
  const untar = spawnSync('tar', ['-x', '-C', root], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`unpacking ${commit} failed: ${untar.stderr}`);
  // Same lockfile: the same packages, so this checkout's installation serves.
  const sameLock =
    spawnSync('git', ['diff', '--quiet', commit, '--', 'package-lock.json'], { cwd: ROOT })
      .status === 0;
  if (sameLock) {
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  } else {
    process.stderr.write(`Its package-lock.json differs from this tree's: npm ci ...\n`);
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: process.env,
    });
    if (install.status !== 0) throw new Error(`installing the baseline ${ref}'s packages failed`);
  }
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  if (build.status !== 0) throw new Error(`building the baseline ${ref} failed`);
  spawnSync('touch', [built]);
  return root;
}

/** The short name of a baseline for tables: the ref as given and its commit. */
export function baselineName(ref = process.env.BENCH_BASELINE) {
  return ref ? `${ref} (${git(['rev-parse', '--short', `${ref}^{commit}`])})` : undefined;
}

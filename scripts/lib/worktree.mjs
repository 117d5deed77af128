// Keeps a clone clean: a snapshot of the git work tree (tracked changes and untracked files that
// are not ignored, with a digest of each), taken before `npm test` installs and builds and
// compared after. Node built-ins and git only: it runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

function git(root, args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  return result.status === 0 ? result.stdout : undefined;
}

function digest(root, path) {
  try {
    return createHash('sha256')
      .update(readFileSync(join(root, path)))
      .digest('hex');
  } catch {
    return 'missing';
  }
}

/**
 * The work tree's state: every path `git status` reports, with a digest of its content.
 * `undefined` outside a git checkout (a release tarball): then there is nothing to compare.
 */
export function worktreeSnapshot(root) {
  if (git(root, ['rev-parse', '--is-inside-work-tree'])?.trim() !== 'true') return undefined;
  const status = git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all']);
  if (status === undefined) return undefined;
  const entries = new Map();
  const fields = status.split('\0').filter(Boolean);
  for (let i = 0; i < fields.length; i += 1) {
    const code = fields[i].slice(0, 2);
    const path = fields[i].slice(3);
    // A rename's record is followed by its old path.
    if (code.includes('R') || code.includes('C')) i += 1;
    entries.set(path, `${code} ${digest(root, path)}`);
  }
  return entries;
}

/** Paths whose status or content differs between two snapshots. */
export function worktreeChanges(before, after) {
  if (!before || !after) return [];
  const changed = [];
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(path) !== after.get(path)) changed.push(path);
  }
  return changed.sort();
}

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSharedKeycloakDir, reapOrphanedSharedKeycloaks } from './keycloak.mjs';

const roots = [];
const children = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A process id that no process has any more: a child that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

/**
 * A shared Keycloak folder as a run leaves it: owned by `owner`, with the state of a "Keycloak"
 * (a sleeping process in a group of its own, as Keycloak is started) and its run folder.
 */
function sharedFolder(root, owner) {
  const dir = makeSharedKeycloakDir(root);
  writeFileSync(join(dir, 'owner'), String(owner));
  const keycloak = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], {
    detached: true,
    stdio: 'ignore',
  });
  children.push(keycloak);
  const runDir = join(root, `run-${keycloak.pid}`);
  mkdirSync(runDir);
  writeFileSync(join(dir, 'keycloak.json'), JSON.stringify({ pid: keycloak.pid, runDir }));
  return { dir, runDir, keycloak };
}

describe('shared Keycloaks left by runs that were killed outright', () => {
  it('are killed and their folders removed; a running run’s and unowned folders stay', async () => {
    const root = mkdtempSync(join(tmpdir(), 'reaper-test-'));
    roots.push(root);
    const orphan = sharedFolder(root, deadPid());
    const ours = sharedFolder(root, process.pid);
    // A folder being made (no owner yet) and a folder of something else.
    mkdirSync(join(root, 'app-portal-shared-keycloak-new'));
    mkdirSync(join(root, 'other'));
    writeFileSync(join(root, 'app-portal-shared-keycloak-new', 'owner'), 'not a pid');

    expect(reapOrphanedSharedKeycloaks(root)).toEqual([orphan.dir]);

    await expect.poll(() => alive(orphan.keycloak.pid)).toBe(false);
    expect(existsSync(orphan.dir)).toBe(false);
    expect(existsSync(orphan.runDir)).toBe(false);
    expect(alive(ours.keycloak.pid)).toBe(true);
    expect(existsSync(ours.dir)).toBe(true);
    expect(existsSync(ours.runDir)).toBe(true);
    expect(existsSync(join(root, 'app-portal-shared-keycloak-new'))).toBe(true);
    expect(existsSync(join(root, 'other'))).toBe(true);
    // Nothing more to do the second time.
    expect(reapOrphanedSharedKeycloaks(root)).toEqual([]);
  });
});

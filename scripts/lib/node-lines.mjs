// The Node.js lines the project supports, and the Node.js each step of `npm test` and `npm start`
// runs on (decision 0052). Node built-ins only: it runs before node_modules exists.
//
// - `npm test` runs on the newest LTS line, and the server's tests again on the oldest line
//   `engines` allows; `npm start` runs on the machine's Node.js when `engines` allows it, else on
//   the newest line. A line the machine does not have is fetched once as the npm registry's
//   `node-<platform>-<arch>` package (binary and headers) into ~/.cache/app-portal/node.
// - better-sqlite3 is a native module built for one Node.js ABI. Each Node.js a run uses gets its
//   own copy under node_modules/better-sqlite3/compiled/<version>/<platform>/<arch>/, where the
//   package's loader (`bindings`) looks for the running version's, and build/Release (whichever
//   Node.js npm built it with) is moved there: several Node.js can use one node_modules at once.
//   A copy is built once per version, from the package's sources and the fetched headers, and kept
//   in ~/.cache/app-portal/better-sqlite3.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The supported LTS lines, each pinned to the release the tests and the container's stand-in
 * base use. `oldest.minimum` is `engines` in package.json; README, Dockerfile, docs/deploy.md and
 * the systemd unit in docs/operations.md name the same lines (scripts/node-lines.test.mjs).
 */
export const NODE_LINES = {
  oldest: { major: 22, minimum: '22.12.0', version: '22.23.5' },
  newest: { major: 24, minimum: '24.0.0', version: '24.22.3' },
};

/** ~/.cache/app-portal, or $XDG_CACHE_HOME/app-portal: what the scripts fetch or build once. */
export function cacheHome() {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'app-portal');
}

function parts(version) {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number(part));
}

/** a >= b, for dotted versions. */
export function atLeast(a, b) {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  }
  return true;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The Node.js running this script (a fetched one after `npm test` restarted on it). */
export function machineNode() {
  const fetched = process.execPath.startsWith(join(cacheHome(), 'node'));
  return { exec: process.execPath, version: process.versions.node, fetched };
}

/** The npm registry's package of Node.js `version` for this platform, unpacked into the cache. */
function fetchNode(version) {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const name = `node-${platform}-${process.arch}`;
  const dir = join(cacheHome(), 'node', `${version}-${platform}-${process.arch}`);
  const exec = join(dir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(exec)) return { exec, version, fetched: true };
  console.log(`Fetching Node.js ${version} (the npm registry's ${name} package) ...`);
  mkdirSync(dirname(dir), { recursive: true });
  const work = mkdtempSync(`${dir}.part-`);
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const packed = spawnSync(npm, ['pack', `${name}@${version}`, '--silent'], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = packed.stdout?.trim().split('\n').pop();
    if (packed.status !== 0 || !tarball) {
      fail(`Could not fetch ${name}@${version} from the npm registry.`);
    }
    const unpack = join(work, 'node');
    mkdirSync(unpack);
    const tar = spawnSync(
      'tar',
      ['-xzf', join(work, tarball), '-C', unpack, '--strip-components=1'],
      {
        stdio: 'inherit',
      },
    );
    if (tar.status !== 0) fail(`Could not unpack ${tarball}.`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpack, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!existsSync(exec)) fail(`${name}@${version} has no ${exec}.`);
  return { exec, version, fetched: true };
}

/**
 * A Node.js of `line` (one of NODE_LINES): the machine's when it is of that line and at least
 * its minimum, else the pinned release, fetched once.
 */
export function nodeOfLine(line) {
  const own = machineNode();
  if (parts(own.version)[0] === line.major && atLeast(own.version, line.minimum)) return own;
  return fetchNode(line.version);
}

/** The machine's Node.js when `engines` allows it, else the newest line's. */
export function supportedNode() {
  const own = machineNode();
  return atLeast(own.version, NODE_LINES.oldest.minimum) ? own : nodeOfLine(NODE_LINES.newest);
}

/** The environment that makes `node` (and npm's scripts) that Node.js. */
export function nodeEnv(node) {
  const env = { PATH: `${dirname(node.exec)}${delimiter}${process.env.PATH ?? ''}` };
  // node-gyp builds against the fetched headers instead of downloading them.
  if (node.fetched) env.npm_config_nodedir = dirname(dirname(node.exec));
  return env;
}

/** How a process says which Node.js it runs on, for the logs of each step. */
export function describe(node) {
  return `Node.js v${node.version}${node.fetched ? ` (fetched: ${node.exec})` : ''}`;
}

const SQLITE = join(ROOT, 'node_modules', 'better-sqlite3');
const ADDON = 'better_sqlite3.node';

function compiledPath(version) {
  return join(SQLITE, 'compiled', version, process.platform, process.arch, ADDON);
}

function loads(node, file) {
  const probe = spawnSync(
    node.exec,
    ['-e', 'process.dlopen({ exports: {} }, process.argv[1])', file],
    {
      stdio: 'ignore',
    },
  );
  return probe.status === 0;
}

/** node-gyp as npm ships it (npm runs it for packages' install scripts). */
function nodeGyp() {
  const npmCli = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['root', '-g'], {
    encoding: 'utf8',
  });
  const candidates = [
    join(npmCli.stdout?.trim() ?? '', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    join(
      dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
  ];
  return candidates.find((path) => existsSync(path));
}

/** Builds better-sqlite3 for `node` in a copy of the package, leaving node_modules untouched. */
function buildAddon(node, into) {
  const gyp = nodeGyp();
  if (!gyp) fail('Cannot build better-sqlite3: node-gyp (shipped with npm) was not found.');
  console.log(`Building better-sqlite3 for ${describe(node)} (once; about a minute) ...`);
  // On a fresh machine the machine's own Node.js is built for first, before any fetch made the
  // cache folder.
  mkdirSync(cacheHome(), { recursive: true });
  const work = mkdtempSync(join(cacheHome(), 'better-sqlite3-build-'));
  try {
    const copy = join(work, 'better-sqlite3');
    cpSync(SQLITE, copy, {
      recursive: true,
      filter: (source) => !/[\\/](build|compiled)$/.test(source),
    });
    // The compiler's warnings are SQLite's and better-sqlite3's: shown only when the build fails.
    // The headers of the Node.js itself (a fetched one's, or /usr/include/node of a system one),
    // so that node-gyp downloads nothing.
    const prefix = dirname(dirname(node.exec));
    const headers = existsSync(join(prefix, 'include', 'node', 'node.h'))
      ? { npm_config_nodedir: prefix }
      : {};
    const result = spawnSync(node.exec, [gyp, 'rebuild', '--release', '-j', 'max'], {
      cwd: copy,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, ...nodeEnv(node), ...headers },
    });
    const built = join(copy, 'build', 'Release', ADDON);
    if (result.status !== 0 || !existsSync(built)) {
      console.error(`${result.stdout ?? ''}${result.stderr ?? ''}`.slice(-20_000));
      fail(`Building better-sqlite3 for ${describe(node)} failed.`);
    }
    mkdirSync(dirname(into), { recursive: true });
    copyFileSync(built, `${into}.part`);
    renameSync(`${into}.part`, into);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Makes better-sqlite3 load on each of `nodes`: npm's build/Release moves to the copy of the
 * Node.js it loads on, and a Node.js without a copy gets one from the cache (built when missing).
 */
export function ensureNativeBuilds(nodes) {
  if (!existsSync(join(SQLITE, 'package.json'))) return;
  const released = join(SQLITE, 'build', 'Release', ADDON);
  if (existsSync(released)) {
    const owner = nodes.find((node) => loads(node, released));
    if (owner) {
      mkdirSync(dirname(compiledPath(owner.version)), { recursive: true });
      renameSync(released, compiledPath(owner.version));
    } else {
      rmSync(released);
    }
  }
  const { version: packageVersion } = JSON.parse(
    readFileSync(join(SQLITE, 'package.json'), 'utf8'),
  );
  for (const node of nodes) {
    const target = compiledPath(node.version);
    if (existsSync(target) && loads(node, target)) continue;
    const cached = join(
      cacheHome(),
      'better-sqlite3',
      packageVersion,
      `node-${node.version}-${process.platform}-${process.arch}.node`,
    );
    if (!existsSync(cached) || !loads(node, cached)) buildAddon(node, cached);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(cached, target);
  }
}

// Real Keycloak for tests: fetched from Maven Central with mvn (org.keycloak:keycloak-quarkus-dist,
// zip), cached outside the repository, started with `kc.sh start-dev --import-realm` on free
// loopback ports with a fresh data folder per run; or one Keycloak shared by a whole test run,
// each test file in a realm of its own (sharedKeycloak). Node built-ins only.
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { freePort } from '../lib/net.mjs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const KEYCLOAK_VERSION = process.env.KEYCLOAK_VERSION || '26.7.3';
export const REALM = 'app-portal';
export const REALM_FILE = fileURLToPath(
  new URL('../../keycloak/realm-app-portal.json', import.meta.url),
);

const ARTIFACT = 'org.keycloak:keycloak-quarkus-dist';
const LOCK_STALE_MS = 15 * 60 * 1000;
/** Start-dev options that Keycloak bakes into its build: every run must use the same ones. */
const BUILD_OPTIONS = [];

/** ~/.cache/app-portal/keycloak, or $XDG_CACHE_HOME/app-portal/keycloak. */
export function cacheDir() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'app-portal', 'keycloak');
}

function installDir(version) {
  return join(cacheDir(), `keycloak-${version}`);
}

function works(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return result.status === 0 ? `${result.stdout}${result.stderr}` : undefined;
}

/**
 * Whether this machine can run Keycloak: Java 17 or later, and either a cached Keycloak or
 * Maven to fetch it. Returns `{ ok, reason }`.
 */
export function keycloakAvailability(version = KEYCLOAK_VERSION) {
  const java = works('java', ['-version']);
  if (!java)
    return { ok: false, reason: 'java is not installed (Keycloak needs Java 17 or later)' };
  const major = Number(/version "(\d+)/.exec(java)?.[1] ?? 0);
  if (major < 17) return { ok: false, reason: `Java ${major} is too old (Keycloak needs 17+)` };
  if (existsSync(join(installDir(version), 'bin', 'kc.sh'))) return { ok: true };
  if (!works('mvn', ['-v'])) {
    return { ok: false, reason: 'Keycloak is not cached and mvn is not installed to fetch it' };
  }
  return { ok: true };
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  if (result.error || result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-20);
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output.join('\n')}`,
    );
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A cross-process lock (mkdir is atomic); a lock older than 15 minutes is taken over. */
async function withLock(path, action) {
  for (;;) {
    try {
      mkdirSync(path);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(path).mtimeMs > LOCK_STALE_MS) rmSync(path, { recursive: true });
      } catch {
        // Released meanwhile.
      }
      await sleep(500);
    }
  }
  try {
    return await action();
  } finally {
    rmSync(path, { recursive: true, force: true });
  }
}

/** Downloads (mvn dependency:copy) and unpacks Keycloak once; returns its folder. */
export async function ensureKeycloak({ version = KEYCLOAK_VERSION, log = () => {} } = {}) {
  const dir = installDir(version);
  if (existsSync(join(dir, 'bin', 'kc.sh'))) return dir;
  mkdirSync(cacheDir(), { recursive: true });
  return withLock(`${dir}.lock`, async () => {
    if (existsSync(join(dir, 'bin', 'kc.sh'))) return dir;
    const started = Date.now();
    log(`Fetching Keycloak ${version} from Maven Central into ${cacheDir()} ...`);
    const work = mkdtempSync(join(cacheDir(), '.fetch-'));
    try {
      run('mvn', [
        '-q',
        '-B',
        'dependency:copy',
        `-Dartifact=${ARTIFACT}:${version}:zip`,
        `-DoutputDirectory=${work}`,
      ]);
      const zip = readdirSync(work).find((name) => name.endsWith('.zip'));
      if (!zip) throw new Error(`mvn fetched no zip into ${work}`);
      const unpacked = join(work, 'unpacked');
      mkdirSync(unpacked);
      if (works('unzip', ['-v'])) {
        run('unzip', ['-q', join(work, zip), '-d', unpacked]);
      } else {
        // The JDK's jar tool unpacks zips too, without the execute bits.
        run('jar', ['xf', join(work, zip)], { cwd: unpacked });
      }
      const top = join(unpacked, `keycloak-${version}`);
      for (const script of readdirSync(join(top, 'bin'))) {
        if (script.endsWith('.sh')) run('chmod', ['+x', join(top, 'bin', script)]);
      }
      renameSync(top, dir);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    log(`Keycloak ${version} fetched in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return dir;
  });
}

/**
 * The realm file, with the extra portal addresses added as exact redirect and logout URIs, and
 * under another name when one is given.
 */
function realmWith(portalUrls, name = REALM) {
  const realm = JSON.parse(readFileSync(REALM_FILE, 'utf8'));
  realm.realm = name;
  if (portalUrls.length === 0) return realm;
  const client = realm.clients.find((candidate) => candidate.clientId === 'app-portal');
  const urls = portalUrls.map((url) => url.replace(/\/+$/, ''));
  client.redirectUris = [
    ...new Set([...client.redirectUris, ...urls.map((u) => `${u}/auth/callback`)]),
  ];
  const logout = client.attributes['post.logout.redirect.uris'].split('##');
  client.attributes['post.logout.redirect.uris'] = [...new Set([...logout, ...urls])].join('##');
  return realm;
}

/**
 * A Keycloak home for one run: bin and conf copied, the (read-only) libraries, themes and
 * providers shared with the cached installation, and an empty data folder holding the realm
 * to import.
 */
function prepareRun(home, portalUrls) {
  const runDir = mkdtempSync(join(tmpdir(), 'app-portal-keycloak-'));
  cpSync(join(home, 'bin'), join(runDir, 'bin'), { recursive: true });
  cpSync(join(home, 'conf'), join(runDir, 'conf'), { recursive: true });
  for (const shared of ['lib', 'themes', 'providers']) {
    symlinkSync(join(home, shared), join(runDir, shared));
  }
  cpSync(join(home, 'version.txt'), join(runDir, 'version.txt'));
  mkdirSync(join(runDir, 'data', 'import'), { recursive: true });
  writeFileSync(
    join(runDir, 'data', 'import', 'realm-app-portal.json'),
    JSON.stringify(realmWith(portalUrls), null, 2),
  );
  return runDir;
}

function tail(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts Keycloak with the app-portal realm on a free loopback port and waits until the realm
 * answers (up to `timeoutMs`). Resolves to `{ issuer, url, port, startupMs, logFile, stop() }`.
 * `portalUrls`: portal addresses (e.g. `http://127.0.0.1:54321`) to allow besides those of
 * the realm file.
 */
export async function startKeycloak({
  version = KEYCLOAK_VERSION,
  portalUrls = [],
  timeoutMs = 240_000,
  log = () => {},
} = {}) {
  return launchInstalled({ version, portalUrls, timeoutMs, log });
}

/**
 * Launches the cached installation (fetched first when missing). Its first start also builds it
 * (writes into lib/): one process at a time, with two more minutes.
 */
async function launchInstalled({ version, timeoutMs, log, ...options }) {
  const home = await ensureKeycloak({ version, log });
  const built = join(home, `.built-dev${BUILD_OPTIONS.join('')}`);
  if (existsSync(built)) return launch({ home, timeoutMs, log, ...options });
  return withLock(`${home}.build.lock`, async () => {
    const keycloak = await launch({ home, timeoutMs: timeoutMs + 120_000, log, ...options });
    writeFileSync(built, new Date().toISOString());
    return keycloak;
  });
}

/**
 * `admin`: a temporary administrator of the master realm ({ username, password }), for the
 * Admin REST API. `outlive`: the Keycloak is not killed when this process exits (a shared one:
 * the run's global teardown stops it).
 */
async function launch({ home, portalUrls, timeoutMs, log, admin, outlive = false }) {
  const started = Date.now();
  const runDir = prepareRun(home, portalUrls);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const issuer = `${url}/realms/${REALM}`;
  const logFile = join(runDir, 'keycloak.log');
  const out = openSync(logFile, 'a');
  const child = spawn(
    join(runDir, 'bin', 'kc.sh'),
    [
      'start-dev',
      '--import-realm',
      '--http-host=127.0.0.1',
      `--http-port=${port}`,
      `--hostname=${url}`,
      ...BUILD_OPTIONS,
    ],
    {
      detached: true, // its own process group, so stop() ends kc.sh and java together
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        JAVA_OPTS_KC_HEAP: process.env.JAVA_OPTS_KC_HEAP || '-Xms64m -Xmx512m',
        ...(admin
          ? {
              KC_BOOTSTRAP_ADMIN_USERNAME: admin.username,
              KC_BOOTSTRAP_ADMIN_PASSWORD: admin.password,
            }
          : {}),
      },
    },
  );
  closeSync(out);
  if (outlive) child.unref();
  let exited = false;
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const onExit = () => killGroup('SIGKILL');
  if (!outlive) process.once('exit', onExit);

  async function stop() {
    process.removeListener('exit', onExit);
    if (!exited) {
      killGroup('SIGTERM');
      const timer = sleep(20_000).then(() => 'timeout');
      if ((await Promise.race([exit, timer])) === 'timeout') {
        killGroup('SIGKILL');
        await exit;
      }
    }
    rmSync(runDir, { recursive: true, force: true });
  }

  log(`Starting Keycloak on ${url} (log: ${logFile}) ...`);
  const deadline = started + timeoutMs;
  for (;;) {
    if (exited) {
      const message = `Keycloak exited before it was ready:\n${tail(logFile)}`;
      await stop();
      throw new Error(message);
    }
    if (Date.now() > deadline) {
      const message = `Keycloak was not ready within ${timeoutMs / 1000} s:\n${tail(logFile)}`;
      await stop();
      throw new Error(message);
    }
    try {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  const startupMs = Date.now() - started;
  log(`Keycloak ready in ${(startupMs / 1000).toFixed(1)} s: ${issuer}`);
  return { issuer, url, port, startupMs, logFile, stop, pid: child.pid, runDir };
}

/**
 * The environment variable that names the folder of a shared Keycloak: set by the test run's
 * global set-up (shared-keycloak-setup.mjs), which also stops it at the end.
 */
export const SHARED_KEYCLOAK_ENV = 'APP_PORTAL_SHARED_KEYCLOAK';

const stateFile = (dir) => join(dir, 'keycloak.json');

function readState(dir) {
  try {
    return JSON.parse(readFileSync(stateFile(dir), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Whether the Keycloak of `state` answers (its master realm), within 5 s. */
async function answers(state) {
  try {
    const response = await fetch(`${state.url}/realms/master`, {
      signal: AbortSignal.timeout(5000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** A token of the shared Keycloak's temporary master administrator. */
async function adminToken(state) {
  const response = await fetch(`${state.url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: state.admin.username,
      password: state.admin.password,
    }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) {
    throw new Error(`the shared Keycloak refused its administrator: HTTP ${response.status}`);
  }
  return (await response.json()).access_token;
}

/**
 * Keycloak for one test file. With `APP_PORTAL_SHARED_KEYCLOAK` set (a test run's global set-up,
 * shared-keycloak-setup.mjs), the run's one Keycloak, started by the first file that asks and
 * kept until the run ends, with a realm of this file's own: the realm file under a name of its
 * own (`app-portal-<random>`), the given portal addresses allowed, removed again by `stop()`.
 * A file sees the realm file's users, groups and clients as they are in the file, as with a
 * Keycloak of its own, and nothing another file did. Without the variable, a Keycloak of its
 * own (startKeycloak). Starting Keycloak costs a two-core machine 20-70 s; a realm, 1-3 s.
 */
export async function sharedKeycloak({
  version = KEYCLOAK_VERSION,
  portalUrls = [],
  timeoutMs = 240_000,
  log = () => {},
} = {}) {
  const dir = process.env[SHARED_KEYCLOAK_ENV];
  if (!dir) return startKeycloak({ version, portalUrls, timeoutMs, log });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const state = await withLock(join(dir, 'lock'), async () => {
    const known = readState(dir);
    if (known && (await answers(known))) return known;
    if (known) await stopSharedKeycloak(dir);
    const admin = { username: 'test-admin', password: randomBytes(18).toString('base64url') };
    const keycloak = await launchInstalled({
      version,
      portalUrls: [],
      timeoutMs,
      log,
      admin,
      outlive: true,
    });
    const fresh = {
      url: keycloak.url,
      port: keycloak.port,
      pid: keycloak.pid,
      runDir: keycloak.runDir,
      logFile: keycloak.logFile,
      startupMs: keycloak.startupMs,
      admin,
    };
    writeFileSync(stateFile(dir), JSON.stringify(fresh), { mode: 0o600 });
    return fresh;
  });
  const name = `${REALM}-${randomBytes(4).toString('hex')}`;
  const realms = `${state.url}/admin/realms`;
  const created = await fetch(realms, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await adminToken(state)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(realmWith(portalUrls, name)),
    signal: AbortSignal.timeout(120_000),
  });
  if (created.status !== 201) {
    throw new Error(
      `the shared Keycloak did not create realm ${name}: HTTP ${created.status} ${await created.text()}`,
    );
  }
  const issuer = `${state.url}/realms/${name}`;
  log(`Keycloak realm ${name} ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${issuer}`);
  return {
    issuer,
    url: state.url,
    port: state.port,
    startupMs: Date.now() - started,
    logFile: state.logFile,
    async stop() {
      // The realm goes; the Keycloak stays for the next file (the global teardown stops it).
      try {
        await fetch(`${realms}/${name}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${await adminToken(state)}` },
          signal: AbortSignal.timeout(30_000),
        });
      } catch {
        // Gone with the Keycloak.
      }
    },
  };
}

/**
 * Whether a process with this id is running (one of another user's counts); a negative id asks
 * about a process group.
 */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Stops the shared Keycloak of `dir` (its whole process group) and removes its files. */
export async function stopSharedKeycloak(dir) {
  const state = readState(dir);
  rmSync(stateFile(dir), { force: true });
  if (!state) return;
  const alive = () => running(-state.pid);
  const signal = (name) => {
    try {
      process.kill(-state.pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  for (let waited = 0; alive() && waited < 20_000; waited += 200) await sleep(200);
  if (alive()) signal('SIGKILL');
  rmSync(state.runDir, { recursive: true, force: true });
}

/** The name of a test run's shared Keycloak folder starts so, in the system's temporary folder. */
const SHARED_DIR_PREFIX = 'app-portal-shared-keycloak-';
/** The file of a shared Keycloak folder that holds the process id of the run that owns it. */
const OWNER_FILE = 'owner';

/**
 * A folder for a test run's shared Keycloak (`APP_PORTAL_SHARED_KEYCLOAK`), owned by this
 * process: its id is written in the folder, for reapOrphanedSharedKeycloaks.
 */
export function makeSharedKeycloakDir(root = tmpdir()) {
  const dir = mkdtempSync(join(root, SHARED_DIR_PREFIX));
  writeFileSync(join(dir, OWNER_FILE), String(process.pid), { mode: 0o600 });
  return dir;
}

/**
 * Kills the shared Keycloaks that runs killed outright left behind (SIGKILL: no exit hook ran)
 * and removes their folders: those whose owner process is gone. Folders of runs still going, and
 * folders without an owner, are left alone. Returns the folders removed.
 */
export function reapOrphanedSharedKeycloaks(root = tmpdir()) {
  const reaped = [];
  for (const name of readdirSync(root)) {
    if (!name.startsWith(SHARED_DIR_PREFIX)) continue;
    const dir = join(root, name);
    let owner;
    try {
      owner = Number(readFileSync(join(dir, OWNER_FILE), 'utf8'));
    } catch {
      continue;
    }
    if (!Number.isInteger(owner) || owner <= 0 || running(owner)) continue;
    killSharedKeycloak(dir);
    rmSync(dir, { recursive: true, force: true });
    reaped.push(dir);
  }
  return reaped;
}

/** The same, at once and without waiting (for a process that is exiting). */
export function killSharedKeycloak(dir) {
  const state = readState(dir);
  if (!state) return;
  try {
    process.kill(-state.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  rmSync(stateFile(dir), { force: true });
  rmSync(state.runDir, { recursive: true, force: true });
}

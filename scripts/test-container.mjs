#!/usr/bin/env node
// `npm run test:container`: the container image, the compose file and the Kubernetes `ha`
// overlay, run for real with podman (docs/deploy.md). Needs root, podman, buildah, runc,
// podman-compose, debootstrap and kubectl (.ci/run installs the Debian packages), and the
// PostgreSQL server of the other tests (TEST_POSTGRES_URL, default 127.0.0.1:5432).
//
// 1. builds a stand-in for the Node.js base image (no registry is reachable here) and the real
//    Dockerfile on it (`--build-arg NODE_IMAGE=...`);
// 2. runs the image read-only, with all capabilities dropped and a data volume: health, catalog,
//    a favourite written through the API kept across a restart, `podman stop` within the grace
//    period with status 0, the process not root, the demo identity provider refused;
// 3. renders the compose file with podman-compose and runs its portal service, pointed by
//    deploy/compose.test.yaml at this machine's PostgreSQL and at the Keycloak the browser tests
//    start (scripts/keycloak/, with the test realm): a real sign-in, over HTTP, ends in a session;
// 4. plays the `ha` overlay's pod with `podman kube play` as two replicas on one PostgreSQL
//    database: a change made through one is served by the other;
// 5. removes every container, volume, image and database it made. The stand-in base (podman's
//    store, /var/cache/app-portal/container) and podman's build-layer cache stay, like
//    Keycloak's download; `--clean-cache` removes the stand-in and its files.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDependencies, ROOT } from './lib/ensure.mjs';
import { freePort } from './lib/net.mjs';
import { has, podman, sh } from './container/podman.mjs';
import { ensureStandinBase, removeStandinBase } from './container/standin-base.mjs';

ensureDependencies();
const { exportJWK, generateKeyPair, SignJWT } = await import('jose');
const YAML = await import('yaml');
const pg = (await import('pg')).default;
// After the install: it imports yaml.
const { renderOverlay } = await import('./check-deploy.mjs');

const started = Date.now();
const run = randomBytes(3).toString('hex');
const IMAGE = `localhost/app-portal:test-${run}`;
const POSTGRES_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const timings = [];
const cleanups = [];
const figures = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(line);

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
  log(`  ok: ${message}`);
}

async function phase(name, action) {
  const t0 = Date.now();
  log(`\n=== ${name} ===`);
  await action();
  timings.push([name, (Date.now() - t0) / 1000]);
}

/** The cookies a response sets, as one Cookie header value (name=value pairs only). */
function cookiesOf(response, previous = '') {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0], pair]),
  );
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0];
    jar.set(pair.split('=')[0], pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * The browser's sign-in, by HTTP: the portal's /auth/login sends us to Keycloak, its login
 * form takes the password, Keycloak sends us back to /auth/callback, and the portal answers with
 * its session cookie. Returns that cookie (as a Cookie header value).
 */
async function signInOverHttp(base, username, password) {
  const start = await fetch(`${base}/auth/login?returnTo=/`, { redirect: 'manual' });
  check(
    start.status === 303 && start.headers.get('location')?.startsWith('http'),
    'GET /auth/login sends the browser to the identity provider',
  );
  let portalCookies = cookiesOf(start);
  const page = await fetch(start.headers.get('location'), { redirect: 'manual' });
  check(page.status === 200, "Keycloak's login page accepts the portal's client and address");
  const html = await page.text();
  const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1];
  check(action !== undefined, "Keycloak's login page has its form");
  const posted = await fetch(action.replaceAll('&amp;', '&'), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookiesOf(page),
    },
    body: new URLSearchParams({ username, password, credentialId: '' }).toString(),
  });
  const callback = posted.headers.get('location') ?? '';
  check(
    posted.status === 302 && callback.startsWith(`${base}/auth/callback?`),
    'Keycloak takes the password and sends the browser back to the portal',
  );
  const back = await fetch(callback, { redirect: 'manual', headers: { cookie: portalCookies } });
  check(back.status === 302 || back.status === 303, 'the portal finishes the sign-in');
  portalCookies = cookiesOf(back, portalCookies);
  return portalCookies;
}

// ---- preconditions ----
// catatonit: podman kube play's pause image (a recommendation of podman's package only).
const missing = [
  'podman',
  'buildah',
  'podman-compose',
  'debootstrap',
  'catatonit',
  'kubectl',
].filter((command) => !has(command));
if (process.argv.includes('--clean-cache')) {
  removeStandinBase();
  log('Removed the stand-in base image and its cached files.');
  process.exit(0);
}
if (missing.length > 0 || process.getuid?.() !== 0) {
  console.error(
    `test:container needs root and ${missing.join(', ') || 'nothing else'}: on Debian, ` +
      'apt-get install podman buildah runc podman-compose debootstrap catatonit (kubectl: see docs/deploy.md). ' +
      '.ci/run installs them.',
  );
  process.exit(1);
}

// ---- a test identity provider on loopback: discovery, JWKS, signed access tokens ----
async function startIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'ct', alg: 'RS256', use: 'sig' }] };
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}/realms/container-test`;
  const server = createServer((request, response) => {
    const body =
      request.url === '/realms/container-test/.well-known/openid-configuration'
        ? {
            issuer,
            jwks_uri: `${issuer}/certs`,
            authorization_endpoint: `${issuer}/auth`,
            token_endpoint: `${issuer}/token`,
            end_session_endpoint: `${issuer}/logout`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            code_challenge_methods_supported: ['S256'],
          }
        : request.url === '/realms/container-test/certs'
          ? jwks
          : undefined;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? {}));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => server.close());
  const token = (subject, roles = []) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: issuer,
      sub: subject,
      azp: 'app-portal',
      aud: 'account',
      typ: 'Bearer',
      iat: now,
      exp: now + 600,
      preferred_username: subject,
      name: subject,
      email: `${subject}@example.edu`,
      user_groups: [],
      realm_access: { roles },
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'ct', typ: 'JWT' })
      .sign(privateKey);
  };
  return { issuer, token };
}

async function api(base, path, { token, method = 'GET', body, headers = {} } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, headers: response.headers };
}

async function waitReady(base, what, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const ready = await api(base, '/api/health/ready');
      if (ready.status === 200) return ready.json;
      last = ready.text;
    } catch (error) {
      last = String(error);
    }
    await sleep(500);
  }
  throw new Error(`${what} was not ready at ${base} within ${timeoutMs / 1000} s: ${last}`);
}

async function withDatabase(prefix) {
  const name = `${prefix}_${run}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function containerLogs(name) {
  const out = podman(['logs', name], { allowFailure: true });
  return `${out.stdout}${out.stderr}`;
}

let issuer;
try {
  issuer = await startIssuer();

  // ---- 1. the image ----
  await phase('stand-in base image', () => {
    ensureStandinBase({ log });
  });
  await phase('image build', () => {
    const STANDIN_IMAGE = ensureStandinBase({ log: () => {} });
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    podman(
      [
        'build',
        // The OCI format has no HEALTHCHECK; Docker's keeps it.
        '--format',
        'docker',
        '--network',
        'host',
        '--build-arg',
        `NODE_IMAGE=${STANDIN_IMAGE}`,
        '--build-arg',
        `VERSION=${version}`,
        '-t',
        IMAGE,
        ROOT,
      ],
      { inherit: true },
    );
    cleanups.push(() => podman(['rmi', '--force', IMAGE], { allowFailure: true }));
    const inspect = (name) => JSON.parse(podman(['image', 'inspect', name]).stdout)[0];
    const image = inspect(IMAGE);
    const base = inspect(STANDIN_IMAGE);
    const added = image.Size - base.Size;
    const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
    figures.push(`image ${mb(image.Size)}, base ${mb(base.Size)}, added ${mb(added)}`);
    log(podman(['history', '--format', '{{.Size}}\t{{.CreatedBy}}', IMAGE]).stdout);
    log(`  ${figures.at(-1)}`);
    check(added < 200e6, `the layers on top of the base add ${mb(added)} (< 200 MB)`);
    const config = image.Config;
    check(config.User === '10001:10001', `the image's user is ${config.User} (not root)`);
    check(
      (config.Healthcheck ?? image.Healthcheck ?? image.HealthCheck)?.Test?.length > 0,
      'the image has a HEALTHCHECK',
    );
    check(
      image.Labels?.['org.opencontainers.image.version'] === version &&
        image.Labels?.['org.opencontainers.image.licenses'] === 'MIT',
      'OCI labels name the version and the licence',
    );
    check(Object.keys(config.Volumes ?? {}).includes('/data'), 'DATA_DIR /data is a volume');
    const tools = podman(
      ['run', '--rm', '--entrypoint', 'sh', IMAGE, '-c', 'command -v gcc g++ make npm || true'],
      {
        allowFailure: true,
      },
    ).stdout.trim();
    check(!/gcc|g\+\+|make/.test(tools), 'no compiler or make in the runtime image');
  });

  await phase('image run: read-only, no capabilities, data volume', async () => {
    const name = `app-portal-ct-${run}`;
    const volume = `app-portal-ct-${run}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    podman(['volume', 'create', volume]);
    cleanups.push(() => podman(['volume', 'rm', '--force', volume], { allowFailure: true }));
    cleanups.push(() => podman(['rm', '--force', '--time', '0', name], { allowFailure: true }));
    podman([
      'run',
      '--detach',
      '--name',
      name,
      '--network',
      'host',
      '--read-only',
      '--tmpfs',
      '/tmp',
      '--cap-drop',
      'ALL',
      '--security-opt',
      'no-new-privileges',
      '--volume',
      `${volume}:/data`,
      '--env',
      `PORT=${port}`,
      '--env',
      `PUBLIC_URL=${base}`,
      '--env',
      `OIDC_ISSUER=${issuer.issuer}`,
      '--env',
      'MONITOR_PROBE=false',
      IMAGE,
    ]);
    const ready = await waitReady(base, 'the container');
    check(ready.checks?.database === 'ok', 'readiness: the database answers (SQLite on /data)');
    check((await api(base, '/api/health/live')).status === 200, 'liveness answers 200');
    const apps = await api(base, '/api/apps?perPage=500');
    check(
      apps.status === 200 && apps.json.items.length > 0,
      `the catalog loads (${apps.json.items.length} public apps)`,
    );
    const appId = apps.json.items[0].id;
    const status = podman(['exec', name, 'cat', '/proc/1/status']).stdout;
    const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    check(uid === '10001', `PID 1 runs as uid ${uid}, not root`);
    const cmdline = podman(['exec', name, 'cat', '/proc/1/cmdline'])
      .stdout.replaceAll('\0', ' ')
      .trim();
    check(cmdline.startsWith('node '), `PID 1 is node itself (${cmdline})`);
    const caps = /^CapEff:\s+(\w+)/m.exec(status)?.[1];
    check(/^0+$/.test(caps ?? ''), `no effective capabilities (CapEff ${caps})`);
    const write = podman(['exec', name, 'sh', '-c', 'touch /app/x'], { allowFailure: true });
    check(write.status !== 0, 'the root filesystem is read-only');
    check(
      podman(['healthcheck', 'run', name], { allowFailure: true }).status === 0,
      'HEALTHCHECK passes',
    );

    const backup = podman(
      ['exec', name, 'node', 'dist/server/backup/cli.js', 'backup', '/data/backup-test.zip'],
      { allowFailure: true },
    );
    check(backup.status === 0, 'the backup tool runs in the container (into /data)');
    podman(['exec', name, 'rm', '/data/backup-test.zip']);

    const token = await issuer.token('carol');
    const put = await api(base, `/api/me/favorites/${encodeURIComponent(appId)}`, {
      method: 'PUT',
      token,
    });
    check(put.status === 200, `a favourite is written through the API (PUT ${put.status})`);

    const t0 = Date.now();
    podman(['stop', '--time', '30', name]);
    const stopSeconds = (Date.now() - t0) / 1000;
    const exitCode = podman(['inspect', '--format', '{{.State.ExitCode}}', name]).stdout.trim();
    figures.push(`podman stop took ${stopSeconds.toFixed(1)} s`);
    check(exitCode === '0', `podman stop: exit status ${exitCode}`);
    check(stopSeconds < 25, `stopped within the grace period (${stopSeconds.toFixed(1)} s < 30 s)`);
    check(
      /Shut down in \d+ ms/.test(containerLogs(name)),
      'the server shut down gracefully (SIGTERM)',
    );

    podman(['start', name]);
    await waitReady(base, 'the restarted container');
    const me = await api(base, '/api/me', { token });
    const favorites = JSON.stringify(me.json ?? {});
    check(me.status === 200 && favorites.includes(appId), 'the favourite survived the restart');
    podman(['rm', '--force', '--time', '30', name]);

    const demo = podman(
      [
        'run',
        '--rm',
        '--network',
        'host',
        '--read-only',
        '--tmpfs',
        '/tmp',
        '--cap-drop',
        'ALL',
        '--env',
        'DEMO_IDP=true',
        '--env',
        `PORT=${await freePort()}`,
        '--env',
        'HOST=127.0.0.1',
        '--volume',
        `${volume}:/data`,
        IMAGE,
      ],
      { allowFailure: true },
    );
    check(
      demo.status !== 0 && /NODE_ENV=production/.test(`${demo.stdout}${demo.stderr}`),
      'DEMO_IDP=true is refused in the image (NODE_ENV=production)',
    );
  });

  // ---- 3. compose ----
  await phase('compose: render, run the portal service with Keycloak', async () => {
    const database = await withDatabase('app_portal_compose');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The Keycloak of the browser tests, with the test realm, allowing this portal's address.
    const { startKeycloak } = await import('./keycloak/keycloak.mjs');
    const keycloak = await startKeycloak({ portalUrls: [base], log });
    cleanups.push(() => keycloak.stop());
    log(`  Keycloak ready in ${(keycloak.startupMs / 1000).toFixed(1)} s`);
    const env = {
      ...process.env,
      POSTGRES_PASSWORD: 'compose-test',
      KEYCLOAK_ADMIN_PASSWORD: 'compose-test',
      PORTAL_IMAGE: IMAGE,
      COMPOSE_TEST_PORT: String(port),
      COMPOSE_TEST_DATABASE_URL: database,
      COMPOSE_TEST_OIDC_ISSUER: keycloak.issuer,
    };
    const compose = (project, files, args, options = {}) =>
      sh(
        'podman-compose',
        ['-p', project, ...files.flatMap((file) => ['-f', join(ROOT, 'deploy', file)]), ...args],
        { ...options, env },
      );
    // podman-compose has no `config`: its dry run reads, merges and interpolates the whole file
    // and prints the podman command of every service (it does create the volumes and network,
    // removed below with the rest of the project's).
    const removeProject = (project) => {
      const label = `io.podman.compose.project=${project}`;
      for (const kind of ['container', 'volume', 'network']) {
        const list = kind === 'container' ? ['ps', '-a'] : [kind, 'ls'];
        const ids = podman([...list, '-q', '--filter', `label=${label}`], { allowFailure: true })
          .stdout.split('\n')
          .filter(Boolean);
        if (ids.length === 0) continue;
        const remove =
          kind === 'container' ? ['rm', '--force', '--time', '30'] : [kind, 'rm', '--force'];
        podman([...remove, ...ids], { allowFailure: true });
      }
    };
    const dryProject = `app-portal-ct-${run}-dry`;
    cleanups.push(() => removeProject(dryProject));
    const dry = compose(dryProject, ['compose.yaml'], ['--dry-run', 'up', '-d', '--no-build']);
    for (const service of ['portal', 'postgres', 'keycloak.localhost', 'uptime-kuma']) {
      check(
        dry.stdout.includes(`--name=${dryProject}_${service}_1 `),
        `compose.yaml renders the ${service} service`,
      );
    }
    check(
      /--name=\S+_portal_1 .*--read-only.*--cap-drop ALL/.test(dry.stdout) ||
        /--name=\S+_portal_1 [^\n]*--read-only/.test(dry.stdout),
      'the portal service runs read-only',
    );

    // Running it: podman-compose 1.0.3 (Debian 12) always adds the project network to a
    // service, which podman refuses with the host network the test needs to reach PostgreSQL
    // on loopback, and it starts the dependencies whose images cannot be pulled here. So it
    // renders the two files merged (its " ** merged:" output, what `docker compose config`
    // prints) and the test runs the rendered portal service with podman: image, environment,
    // volume, read-only root, tmpfs, dropped capabilities and security options as rendered.
    const project = `app-portal-ct-${run}`;
    const merged = compose(
      project,
      ['compose.yaml', 'compose.test.yaml'],
      ['--dry-run', 'ps'],
    ).stdout;
    const json = /\*\* merged:\n\s*(\{[\s\S]*?\n\})\n/.exec(merged)?.[1];
    check(json !== undefined, 'podman-compose merges compose.yaml and compose.test.yaml');
    const service = JSON.parse(json).services.portal;
    check(service.image === IMAGE, 'the rendered portal service runs the image under test');
    const container = `${project}_portal_1`;
    const volumes = (service.volumes ?? []).map((volume) => {
      const [source, target] = volume.split(':');
      return source.startsWith('/') || source.startsWith('.')
        ? volume
        : `${project}_${source}:${target}`;
    });
    for (const volume of volumes) {
      const name = volume.split(':')[0];
      cleanups.push(() => podman(['volume', 'rm', '--force', name], { allowFailure: true }));
    }
    cleanups.push(() =>
      podman(['rm', '--force', '--time', '30', container], { allowFailure: true }),
    );
    podman([
      'run',
      '--detach',
      '--name',
      container,
      '--network',
      service.network_mode,
      ...(service.read_only ? ['--read-only'] : []),
      ...(service.tmpfs ?? []).flatMap((path) => ['--tmpfs', path]),
      ...(service.cap_drop ?? []).flatMap((cap) => ['--cap-drop', cap]),
      ...(service.security_opt ?? []).flatMap((option) => ['--security-opt', option]),
      ...Object.entries(service.environment ?? {}).flatMap(([key, value]) => [
        '--env',
        `${key}=${value}`,
      ]),
      ...volumes.flatMap((volume) => ['--volume', volume]),
      service.image,
    ]);
    const ready = await waitReady(base, 'the compose portal service');
    check(ready.checks?.database === 'ok', 'the compose portal service is ready on PostgreSQL');
    // Readiness never waits for the identity provider: it answers the last known state and
    // asks in the background, so the first answers may not know yet.
    let idp = ready.checks?.identityProvider;
    for (let tries = 0; idp !== 'ok' && tries < 40; tries += 1) {
      await sleep(500);
      idp = (await waitReady(base, 'the compose portal service')).checks?.identityProvider;
    }
    check(idp === 'ok', `it reaches Keycloak (readiness: identityProvider ${idp})`);
    const apps = await api(base, '/api/apps');
    check(apps.status === 200 && apps.json.items.length > 0, 'it serves the catalog');
    const session = await signInOverHttp(base, 'alice', 'alice');
    const me = await fetch(`${base}/api/me`, { headers: { cookie: session } });
    const user = await me.json();
    check(
      me.status === 200 && user.username === 'alice',
      'a real sign-in at Keycloak ends in a portal session (GET /api/me as alice)',
    );
    const visible = await fetch(`${base}/api/apps?perPage=500`, { headers: { cookie: session } });
    check(
      (await visible.json()).items.length > apps.json.items.length,
      'signed in, alice sees her groups’ apps besides the public ones',
    );
  });

  // ---- 4. the ha overlay with podman kube play ----
  await phase('kubernetes ha overlay: two replicas on PostgreSQL', async () => {
    const database = await withDatabase('app_portal_ha');
    const docs = renderOverlay('ha');
    const deployment = docs.find((doc) => doc.kind === 'Deployment');
    check(
      deployment.spec.replicas >= 2,
      `the ha overlay runs ${deployment.spec.replicas} replicas`,
    );
    const work = mkdtempSync(join(tmpdir(), 'app-portal-ha-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const ports = [await freePort(), await freePort()];
    // podman kube play runs pods, not a scheduler: the Deployment's pod template becomes one
    // pod per replica, each on the host's network (to reach PostgreSQL on loopback) with a port
    // of its own. The ConfigMaps are played as rendered. Adapted for podman 4.3 (Debian 12):
    // it panics on `secret` volumes, so the Secret's file (the test database's URL) comes from
    // a host folder at the same mount path; and it turns httpGet probes into curl commands,
    // which the image does not have, so the probes are left to this test's own requests.
    const secretDir = join(work, 'app-portal-database');
    mkdirSync(secretDir, { mode: 0o755 });
    chmodSync(work, 0o755);
    writeFileSync(join(secretDir, 'url'), database, { mode: 0o444 });
    // podman 4.3 lets envFrom win over env, so the ConfigMap itself carries the test's
    // identity provider, and each pod's own address is set in its env only.
    const configMaps = docs.filter((doc) => doc.kind === 'ConfigMap');
    for (const map of configMaps) {
      if (!map.data?.OIDC_ISSUER) continue;
      map.data.OIDC_ISSUER = issuer.issuer;
      map.data.MONITOR_PROBE = 'false';
      delete map.data.PUBLIC_URL;
    }
    const pods = ports.map((port, index) => {
      const spec = structuredClone(deployment.spec.template.spec);
      spec.hostNetwork = true;
      spec.restartPolicy = 'Never';
      spec.volumes = spec.volumes.map((volume) =>
        volume.secret
          ? { name: volume.name, hostPath: { path: secretDir, type: 'Directory' } }
          : volume,
      );
      const container = spec.containers[0];
      container.image = IMAGE;
      container.env = [
        ...container.env.filter((entry) => !['PORT', 'HOST'].includes(entry.name)),
        { name: 'PORT', value: String(port) },
        { name: 'HOST', value: '127.0.0.1' },
        { name: 'PUBLIC_URL', value: `http://127.0.0.1:${port}` },
        { name: 'OIDC_ISSUER', value: issuer.issuer },
        { name: 'MONITOR_PROBE', value: 'false' },
      ];
      // Port mappings are refused on the host's network (the port is PORT itself).
      delete container.ports;
      delete container.startupProbe;
      delete container.livenessProbe;
      delete container.readinessProbe;
      return {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: `app-portal-ha-${run}-${index}`,
          labels: deployment.spec.template.metadata.labels,
        },
        spec,
      };
    });
    const file = join(work, 'ha.yaml');
    writeFileSync(file, [...configMaps, ...pods].map((doc) => YAML.stringify(doc)).join('---\n'));
    cleanups.push(() => {
      podman(['kube', 'down', file], { allowFailure: true });
      // Volumes kube play made for the ConfigMaps.
      for (const map of configMaps) {
        podman(['volume', 'rm', '--force', map.metadata.name], { allowFailure: true });
      }
    });
    podman(['kube', 'play', file], { inherit: true });
    const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`);
    try {
      await waitReady(a, 'replica 0');
      await waitReady(b, 'replica 1');
    } catch (error) {
      // What the pods said: the reason a replica never answered.
      const listed = podman(['ps', '-a', '--format', '{{.Names}} {{.Status}}'], {
        allowFailure: true,
      });
      for (const line of listed.stdout.split('\n')) {
        if (!line.startsWith(`app-portal-ha-${run}`)) continue;
        log(`--- ${line}`);
        log(containerLogs(line.split(' ')[0]).split('\n').slice(-40).join('\n'));
      }
      throw error;
    }
    const admin = await issuer.token('ops', ['portal-admin']);
    const created = await api(a, '/api/admin/apps', {
      method: 'POST',
      token: admin,
      body: {
        name: `Replica test ${run}`,
        link: `https://replica-${run}.example.edu/`,
        category: 'tests',
        isPublic: true,
      },
    });
    check(
      created.status === 201,
      `an admin creates an app through replica 0 (${created.status} ${created.status === 201 ? '' : created.text})`,
    );
    const deadline = Date.now() + 5000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      const apps = await api(b, '/api/apps?perPage=500');
      seen = apps.json?.items?.some((app) => app.name === `Replica test ${run}`) ?? false;
      if (!seen) await sleep(100);
    }
    check(seen, 'replica 1 serves it');
    const token = await issuer.token('dave');
    const favourite = await api(b, `/api/me/favorites/${encodeURIComponent(created.json.id)}`, {
      method: 'PUT',
      token,
    });
    check(favourite.status === 200, 'a favourite is written through replica 1');
    const me = await api(a, '/api/me', { token });
    check(JSON.stringify(me.json).includes(created.json.id), 'replica 0 serves the favourite');
  });
} catch (error) {
  console.error(`\ntest:container FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  log('\n=== clean-up ===');
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`clean-up: ${error instanceof Error ? error.message : error}`);
    }
  }
  log('\n=== summary ===');
  for (const [name, seconds] of timings) log(`${name.padEnd(56)} ${seconds.toFixed(1)} s`);
  log(`${'total'.padEnd(56)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const figure of figures) log(figure);
  log(process.exitCode ? 'test:container: FAILED' : 'test:container: passed');
}

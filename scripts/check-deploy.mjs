#!/usr/bin/env node
// Renders the Kubernetes overlays (kubectl kustomize) and reads deploy/compose.yaml, and checks
// what docs/deploy.md promises of them: probes, security context, replicas and update strategy,
// PodDisruptionBudget, NetworkPolicy, Ingress with TLS. Part of `npm test` (cheap: no container
// is started; `npm run test:container` runs them).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The rendered documents of one overlay (`single` or `ha`). */
export function renderOverlay(name) {
  const result = spawnSync(
    'kubectl',
    ['kustomize', join(ROOT, 'deploy', 'kubernetes', 'overlays', name)],
    { encoding: 'utf8' },
  );
  if (result.error || result.status !== 0) {
    throw new Error(
      `kubectl kustomize deploy/kubernetes/overlays/${name} failed: ${
        result.error?.code === 'ENOENT'
          ? 'kubectl is not installed (docs/deploy.md, "Kubernetes")'
          : (result.stderr || result.error?.message || '').trim()
      }`,
    );
  }
  return YAML.parseAllDocuments(result.stdout).map((doc) => doc.toJS());
}

const failures = [];
function expect(condition, message) {
  if (!condition) failures.push(message);
}

function checkCommon(name, docs) {
  const kinds = new Set(docs.map((doc) => doc.kind));
  for (const kind of [
    'Deployment',
    'Service',
    'Ingress',
    'ConfigMap',
    'PodDisruptionBudget',
    'NetworkPolicy',
  ]) {
    expect(kinds.has(kind), `${name}: renders a ${kind}`);
  }
  const deployment = docs.find((doc) => doc.kind === 'Deployment');
  const pod = deployment?.spec?.template?.spec ?? {};
  const container = pod.containers?.[0] ?? {};
  expect(pod.securityContext?.runAsNonRoot === true, `${name}: runAsNonRoot`);
  expect(
    pod.securityContext?.seccompProfile?.type === 'RuntimeDefault',
    `${name}: RuntimeDefault seccomp`,
  );
  const security = container.securityContext ?? {};
  expect(security.readOnlyRootFilesystem === true, `${name}: read-only root filesystem`);
  expect(security.allowPrivilegeEscalation === false, `${name}: no privilege escalation`);
  expect(security.capabilities?.drop?.includes('ALL'), `${name}: all capabilities dropped`);
  expect(container.livenessProbe?.httpGet?.path === '/api/health/live', `${name}: liveness`);
  expect(container.readinessProbe?.httpGet?.path === '/api/health/ready', `${name}: readiness`);
  expect(container.resources?.requests && container.resources?.limits, `${name}: resources`);
  const mounts = (container.volumeMounts ?? []).map((mount) => mount.mountPath);
  expect(mounts.includes('/data') && mounts.includes('/tmp'), `${name}: /data and /tmp mounted`);
  const labels = deployment?.spec?.selector?.matchLabels ?? {};
  for (const doc of docs.filter((d) => ['PodDisruptionBudget', 'NetworkPolicy'].includes(d.kind))) {
    const selector = doc.spec.selector?.matchLabels ?? doc.spec.podSelector?.matchLabels ?? {};
    expect(
      Object.keys(labels).length > 0 &&
        Object.entries(labels).every(([key, value]) => selector[key] === value),
      `${name}: the ${doc.kind} selects the portal's pods`,
    );
  }
  const ingress = docs.find((doc) => doc.kind === 'Ingress');
  expect(ingress?.spec?.tls?.length > 0, `${name}: the Ingress has TLS`);
  const env = docs.find((doc) => doc.kind === 'ConfigMap' && doc.data?.PUBLIC_URL)?.data ?? {};
  expect(env.PUBLIC_URL?.startsWith('https://'), `${name}: PUBLIC_URL is https`);
  expect(Boolean(env.TRUST_PROXY) && env.TRUST_PROXY !== 'false', `${name}: TRUST_PROXY set`);
  expect(env.NODE_ENV === 'production', `${name}: NODE_ENV=production`);
  return { deployment, pod, container };
}

export function checkDeploy() {
  const single = renderOverlay('single');
  const s = checkCommon('single', single);
  expect(s.deployment?.spec?.replicas === 1, 'single: one replica');
  expect(s.deployment?.spec?.strategy?.type === 'Recreate', 'single: Recreate');
  expect(
    s.pod.volumes?.find((volume) => volume.name === 'data')?.persistentVolumeClaim,
    'single: /data on a persistent volume claim',
  );
  expect(
    single.some((doc) => doc.kind === 'PersistentVolumeClaim'),
    'single: renders the claim',
  );

  const ha = renderOverlay('ha');
  const h = checkCommon('ha', ha);
  expect(h.deployment?.spec?.replicas >= 2, 'ha: two or more replicas');
  expect(h.deployment?.spec?.strategy?.type === 'RollingUpdate', 'ha: rolling updates');
  expect(h.pod.topologySpreadConstraints?.length > 0, 'ha: topology spread');
  expect(
    h.container.env?.some((entry) => entry.name === 'DATABASE_URL_FILE') &&
      h.pod.volumes?.some((volume) => volume.secret?.secretName),
    'ha: DATABASE_URL from a Secret',
  );
  expect(
    ha.find((doc) => doc.kind === 'PodDisruptionBudget')?.spec?.minAvailable >= 1,
    'ha: the PodDisruptionBudget keeps a replica',
  );

  const compose = YAML.parse(readFileSync(join(ROOT, 'deploy', 'compose.yaml'), 'utf8'));
  const portal = compose.services?.portal ?? {};
  for (const service of ['portal', 'postgres', 'keycloak.localhost', 'uptime-kuma']) {
    expect(compose.services?.[service], `compose: service ${service}`);
  }
  expect(portal.read_only === true, 'compose: the portal runs read-only');
  expect(portal.cap_drop?.includes('ALL'), 'compose: the portal drops all capabilities');
  expect(
    compose.services?.['uptime-kuma']?.profiles?.includes('monitor'),
    'compose: Uptime Kuma behind the monitor profile',
  );
  expect(
    String(portal.environment?.DATABASE_URL ?? '').includes('@postgres:5432/'),
    'compose: the portal uses the PostgreSQL service',
  );
  return { single, ha, compose };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { single, ha } = checkDeploy();
    if (failures.length > 0) {
      console.error(`Deployment manifests:\n  ${failures.join('\n  ')}`);
      process.exit(1);
    }
    console.log(
      `Deployment manifests: single (${single.length} objects), ha (${ha.length} objects) and ` +
        'compose.yaml render and pass their checks.',
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

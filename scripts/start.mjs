#!/usr/bin/env node
// `npm start`: install what is missing, build what changed, then run the server (which migrates
// the database and loads the catalog). Configuration: environment variables, docs/configuration.md.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './lib/server-flags.mjs';
import { ensureBuild, ensureDependencies, ROOT } from './lib/ensure.mjs';
import { describe, NODE_LINES, supportedNode } from './lib/node-lines.mjs';

// The machine's Node.js when package.json's engines allows it, else the newest LTS line's,
// fetched once (scripts/lib/node-lines.mjs).
const node = supportedNode();
if (node.fetched) {
  console.log(
    `npm start: this machine's Node.js ${process.version} is older than ${NODE_LINES.oldest.minimum}` +
      ` (package.json engines); the portal runs on ${describe(node)}.`,
  );
}
ensureDependencies([node]);
ensureBuild({ node });

// A fresh clone has no identity provider: opt in to the demo one, but only where the server
// itself would allow it (no OIDC_ISSUER, no explicit DEMO_IDP, loopback HOST and PUBLIC_URL,
// not production).
const env = { ...SERVER_ENV, ...process.env };
const loopback = (host) => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host.trim());
const publicHost = (url) => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};
if (
  !env.OIDC_ISSUER &&
  !env.DEMO_IDP &&
  loopback(env.HOST || '127.0.0.1') &&
  (!env.PUBLIC_URL || loopback(publicHost(env.PUBLIC_URL))) &&
  env.NODE_ENV !== 'production'
) {
  env.DEMO_IDP = 'true';
  console.log(
    '\nnpm start: OIDC_ISSUER is not set, so DEMO_IDP=true turns on the built-in DEMO identity ' +
      'provider (well-known demo passwords, local development only). Set OIDC_ISSUER, or ' +
      'DEMO_IDP=false, to turn it off.\n',
  );
}

const server = spawn(node.exec, [...SERVER_NODE_FLAGS, join(ROOT, 'dist', 'server', 'main.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

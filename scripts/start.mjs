#!/usr/bin/env node
// `npm start`: install what is missing, build what changed, then run the server (which migrates
// the database and loads the catalog). Configuration: environment variables, docs/configuration.md.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, ROOT } from './lib/ensure.mjs';

ensureDependencies();
ensureBuild();

const server = spawn(process.execPath, [join(ROOT, 'dist', 'server', 'main.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

#!/usr/bin/env node
// `npm run catalog -- export|import|diff FILE`: the admin API's export and import from the shell,
// on the server's database (DATA_DIR). Builds the server first if needed. docs/admin.md.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, ROOT } from './lib/ensure.mjs';

ensureDependencies();
ensureBuild();

const result = spawnSync(
  process.execPath,
  [join(ROOT, 'dist', 'server', 'cli', 'catalog.js'), ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);

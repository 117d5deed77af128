#!/usr/bin/env node
// `npm run restore -- FILE`: see docs/operations.md (Backups). DATA_DIR as for the server.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, ROOT } from './lib/ensure.mjs';

ensureDependencies();
ensureBuild();
const result = spawnSync(
  process.execPath,
  [join(ROOT, 'dist', 'server', 'backup', 'cli.js'), 'restore', ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);

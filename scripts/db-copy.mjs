#!/usr/bin/env node
// `npm run db:copy -- --from sqlite:PATH --to postgres://...`: copies a portal's data into an
// empty database (docs/deploy.md). Builds the server first if needed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, ROOT } from './lib/ensure.mjs';

ensureDependencies();
ensureBuild();

const result = spawnSync(
  process.execPath,
  [join(ROOT, 'dist', 'server', 'cli', 'db-copy.js'), ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);

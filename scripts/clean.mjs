#!/usr/bin/env node
// Removes build outputs given as arguments, so deleted sources leave nothing stale behind.
import { rmSync } from 'node:fs';

for (const path of process.argv.slice(2)) rmSync(path, { recursive: true, force: true });

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/net.mjs';
import { runMain as run, PROCESS_TEST_TIMEOUT_MS } from './test-support/run-main.js';

// Each test starts the real server in a child process (TypeScript compiled on the fly).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT_MS });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'main-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('exits 1 and lists every bad variable', async () => {
    const result = await run({ DATA_DIR: dir, PORT: 'eighty', DEMO_CATALOG: 'perhaps' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('PORT="eighty": must be a whole number from 1 to 65535');
    expect(result.stderr).toContain('DEMO_CATALOG="perhaps": must be true or false');
  });

  it('exits 1 naming the app and field of a bad catalog, and loads nothing', async () => {
    const catalog = join(dir, 'catalog.yaml');
    writeFileSync(
      catalog,
      'apps:\n  - name: Galaxy\n    env: production\n  - description: nameless\n',
    );
    const result = await run({ DATA_DIR: join(dir, 'data'), CATALOG_FILE: catalog });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('app 1 "Galaxy": field "env" must be one of prod, stage, dev');
    expect(result.stderr).toContain('app 2: field "name" is required');
  });

  it('exits 1 with a readable message when the database cannot be migrated', async () => {
    mkdirSync(join(dir, 'data'));
    writeFileSync(
      join(dir, 'data', 'portal.db'),
      'this is not a database, just some text '.repeat(100),
    );
    const result = await run({ DATA_DIR: join(dir, 'data') });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Cannot open the database .*portal\.db: file is not a database/);
  });

  it('starts, loads the demo catalog into an empty database and says where it listens', async () => {
    const port = await freePort();
    const result = await run({ DATA_DIR: join(dir, 'data'), PORT: String(port) });
    expect(result.stdout).toMatch(/Loaded the demo catalog \(\d+ apps\)/);
    expect(result.stdout).toContain(`app-portal is running at http://localhost:${port}/`);
    expect(result.code).toBe(0);
  });
});

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs the real entry point in a child process; resolves when it exits or starts listening. */
function run(env: Record<string, string>, timeoutMs = 15_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('is running at')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

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

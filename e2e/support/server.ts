import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/ensure.mjs';
import { freePort } from '../../scripts/lib/net.mjs';

export { freePort } from '../../scripts/lib/net.mjs';

export interface PortalServer {
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (dist/server/main.js) on a free loopback port with a fresh data folder
 * and the given environment; resolves once it says it is listening.
 */
export async function startPortal(
  env: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<PortalServer> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'dist', 'server', 'main.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MONITOR_PROBE: 'false',
      // Statuses as the test sets them up; e2e/demo-status.e2e.ts turns the demo's story on.
      DEMO_STATUS: 'false',
      // As `npm start` on a fresh clone: the demo IdP unless the test names a provider.
      DEMO_IDP: 'true',
      // Limits stay on; one browser test file signs in and out more often than a person would.
      RATE_LIMIT_AUTH: '600',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    port,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

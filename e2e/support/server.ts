import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/ensure.mjs';
import { freePort } from '../../scripts/lib/net.mjs';
import { processDiagnostics } from '../../scripts/lib/process-diagnostics.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/lib/server-flags.mjs';

export { freePort } from '../../scripts/lib/net.mjs';

/** Generous: a start takes about a second, but the machine's two cores may be busy. */
const START_TIMEOUT_MS = 90_000;

/** Asks a stuck server for Node's diagnostic report and returns its stack and open handles. */
async function diagnosticReport(child: ChildProcess, dir: string): Promise<string> {
  child.kill('SIGUSR2');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const file = readdirSync(dir).find((name) => name.endsWith('.json'));
    if (file) {
      try {
        const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
          javascriptStack?: { message?: string; stack?: string[] };
          libuv?: ({ type: string; is_referenced?: boolean } & Record<string, unknown>)[];
        };
        // What keeps the event loop waiting: sockets (with their ends), timers, files.
        const handles = (report.libuv ?? [])
          .filter((handle) => handle.is_referenced)
          .map(({ type, localEndpoint, remoteEndpoint, firesInMsFromNow, filename }) =>
            [
              type,
              JSON.stringify({ localEndpoint, remoteEndpoint, firesInMsFromNow, filename }),
            ].join(' '),
          );
        return `\n--- stack ---\n${(report.javascriptStack?.stack ?? []).join('\n')}\n--- active handles ---\n${handles.join('\n')}`;
      } catch {
        // Still being written: try again.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return '\n(no diagnostic report)';
}

export interface PortalServer {
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}

/** A start that failed: what it printed and, when it stayed silent, where it waited. */
class StartFailure extends Error {
  constructor(
    message: string,
    /** Still running and silent when the time was up (rather than exited). */
    readonly silent: boolean,
  ) {
    super(message);
  }
}

/**
 * One try at starting the server: resolves with the child once it says it is listening. A child
 * still silent after START_TIMEOUT_MS is asked where it waits (the kernel's view of its threads,
 * then Node's diagnostic report) and killed.
 */
async function launch(
  env: Record<string, string>,
  port: number,
  dataDir: string,
): Promise<{ child: ChildProcess; output: () => string }> {
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // A server that does not start in time writes a diagnostic report (its stack and open handles)
  // on SIGUSR2 into this folder, so the failure says where it waited.
  const reportDir = mkdtempSync(join(tmpdir(), 'portal-e2e-report-'));
  const nodeArgs = [
    '--report-on-signal',
    '--report-signal=SIGUSR2',
    `--report-directory=${reportDir}`,
  ];
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeArgs, join(ROOT, 'dist', 'server', 'main.js')],
    {
      cwd: ROOT,
      env: {
        ...SERVER_ENV,
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
    },
  );
  const started = Date.now();
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out')), START_TIMEOUT_MS);
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
        reject(new Error(`exited with ${code}`));
      });
    });
  } catch (error) {
    const silent = child.exitCode === null;
    // The kernel's view first: a thread stuck in a system call runs no signal handler, so no
    // report comes from it (a CI run saw a server silent for 90 s and no report).
    const kernel = silent && child.pid ? `\n--- kernel ---\n${processDiagnostics(child.pid)}` : '';
    const report = silent ? await diagnosticReport(child, reportDir) : '';
    if (silent) {
      // Gone before another try takes its port; a thread stuck in the kernel may delay that.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    rmSync(reportDir, { recursive: true, force: true });
    throw new StartFailure(
      `server did not start (${(error as Error).message} after ${Date.now() - started} ms):\n${output}${kernel}${report}`,
      silent,
    );
  }
  rmSync(reportDir, { recursive: true, force: true });
  return { child, output: () => output };
}

/**
 * Starts the built server (dist/server/main.js) on a free loopback port with a fresh data folder
 * and the given environment; resolves once it says it is listening. A server that stays silent
 * for START_TIMEOUT_MS is killed and started once more, with a warning that says where it waited:
 * two CI runs (25 and 28 November 2026), of a few hundred starts each, saw one server print
 * nothing for 30 and 90 s, with no diagnostic report, and what held it is not known yet. A server
 * that exits, or is silent twice, fails the test.
 */
export async function startPortal(
  env: Record<string, string> = {},
  options: { port?: number } = {},
): Promise<PortalServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  let started: Awaited<ReturnType<typeof launch>>;
  try {
    started = await launch(env, port, dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    // One that exited said why and would say it again; one that stayed silent may start now.
    if (!(error instanceof StartFailure && error.silent)) throw error;
    console.warn(`${error.message}\n--- starting it once more ---`);
    dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
    try {
      started = await launch(env, port, dataDir);
    } catch (second) {
      rmSync(dataDir, { recursive: true, force: true });
      throw second;
    }
  }
  const { child, output } = started;
  return {
    url,
    port,
    dataDir,
    output,
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

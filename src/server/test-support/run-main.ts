import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * The time-out of a test that starts main.ts: the child compiles the server's TypeScript on the
 * fly, which takes seconds alone and much longer on a machine whose two cores are busy.
 */
export const PROCESS_TEST_TIMEOUT_MS = 60_000;

/**
 * Runs the real entry point (main.ts) in a child process with only the given environment;
 * resolves when it exits, stopping it once its output contains `until`.
 */
export function runMain(
  env: Record<string, string>,
  { until = 'is running at', timeoutMs = 30_000 }: { until?: string; timeoutMs?: number } = {},
) {
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
      if (stdout.includes(until)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface RunningMain {
  /** Resolves once the server says it listens. */
  ready: Promise<void>;
  /** Resolves with the exit code and the time of exit (epoch ms). */
  exited: Promise<{ code: number | null; at: number }>;
  output(): string;
  signal(name: NodeJS.Signals): void;
}

/** Starts the real entry point and leaves it running; the test sends signals and waits. */
export function startMain(env: Record<string, string>): RunningMain {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`did not start\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`exited before it started\n${output}`));
    });
  });
  ready.catch(() => undefined);
  return {
    ready,
    exited,
    output: () => output,
    signal: (name) => void child.kill(name),
  };
}

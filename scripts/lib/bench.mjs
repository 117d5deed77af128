// Shared pieces of the benchmark scripts: loopback servers, the built portal in a child process,
// and a bounded autocannon run with a warm-up.
import { fork, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { ROOT } from './ensure.mjs';
import { freePort } from './net.mjs';

/** Listens on a free loopback port; resolves with the port. */
export const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

/**
 * Starts the built server (`root`'s dist/server/main.js: this checkout's, or a baseline's from
 * scripts/lib/baseline.mjs) on a free loopback port with the given environment and that tree's
 * Node flags, at the server's default log level unless LOG_LEVEL is set. Resolves once it
 * listens, with its base URL and a stop function.
 */
export async function startBuiltPortal(env, { root = ROOT } = {}) {
  const port = await freePort();
  // Each tree runs with its own flags and environment (scripts/lib/server-flags.mjs; none before
  // it existed).
  const flagsFile = join(root, 'scripts', 'lib', 'server-flags.mjs');
  const settings = existsSync(flagsFile) ? await import(pathToFileURL(flagsFile).href) : {};
  const flags = settings.SERVER_NODE_FLAGS ?? [];
  const server = spawn(process.execPath, [...flags, join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env: {
      ...settings.SERVER_ENV,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Sign-in redirects (the silent check on page load) must come back to this port.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MONITOR_PROBE: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the server did not start within 30 s')),
      30_000,
    );
    server.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  // Keep reading its output (request logs) so the pipe never fills.
  server.stdout.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    pid: server.pid,
    /** Sends SIGTERM; the promise settles once the process has exited. */
    stop: () => {
      const exited =
        server.exitCode !== null || server.signalCode !== null
          ? Promise.resolve()
          : new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * A 2-second warm-up, then the measured run (`onMeasure` is called between); both bounded, the
 * measured run also by `maxRequests` when given. `requests` (autocannon's) varies requests.
 */
export async function load({
  url,
  headers = {},
  connections,
  duration,
  maxRequests,
  requests,
  onMeasure = () => {},
}) {
  const options = { url, headers, connections, ...(requests ? { requests } : {}) };
  await autocannon({ ...options, duration: 2 });
  onMeasure();
  const started = Date.now();
  const result = await autocannon({
    ...options,
    duration,
    ...(maxRequests ? { maxOverallRequests: maxRequests } : {}),
  });
  return { result, seconds: (Date.now() - started) / 1000 };
}

/** The value at `share` (0..1) of an ascending list; NaN for an empty one. */
export function percentile(sorted, share) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

/**
 * Asks `GET {baseUrl}/api/health` every `everyMs` (counted from each request's start), from a
 * child process (health-sampler.mjs: not from this process, whose event loop the load generator
 * keeps busy), until `stop()`, which resolves with every answer's latency in ms, ascending, and
 * how many failed (an error, a time-out or a status other than 200). `started` resolves once the
 * child is sampling.
 */
export function sampleHealth(baseUrl, { everyMs = 50, timeoutMs = 5000 } = {}) {
  const child = fork(
    join(ROOT, 'scripts', 'lib', 'health-sampler.mjs'),
    [baseUrl, String(everyMs), String(timeoutMs)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  // Both settle when the child ends early (an error, a crash): nothing waits for it forever.
  const settlers = { started: {}, result: {} };
  const started = new Promise((resolve, reject) => (settlers.started = { resolve, reject }));
  const result = new Promise((resolve, reject) => (settlers.result = { resolve, reject }));
  // Read by stop() (and `started` by the caller): an early end is reported there, not unhandled.
  started.catch(() => {});
  result.catch(() => {});
  child.on('message', (message) =>
    message === 'started' ? settlers.started.resolve() : settlers.result.resolve(message),
  );
  const ended = (error) => {
    settlers.started.reject(error);
    settlers.result.reject(error);
  };
  child.once('error', ended);
  child.once('exit', (code) => ended(new Error(`the health sampler exited with ${code}`)));
  return {
    started,
    async stop() {
      await started;
      child.send('stop');
      return result;
    },
  };
}

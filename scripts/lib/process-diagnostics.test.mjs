import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { processDiagnostics } from './process-diagnostics.mjs';

const children = [];

/** A Node process running `code`, resolved once it has said it runs. */
async function child(code) {
  const process_ = spawn(process.execPath, ['-e', `console.log('up'); ${code}`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(process_);
  await once(process_.stdout, 'data');
  return process_;
}

afterEach(() => {
  for (const process_ of children.splice(0)) process_.kill('SIGKILL');
});

describe.runIf(process.platform === 'linux')('processDiagnostics', () => {
  it('names the state, every thread and where it waits, and the machine pressure', async () => {
    const waiting = await child('setInterval(() => {}, 60_000)');
    // Asleep in its event loop once it has started.
    await expect
      .poll(() => processDiagnostics(waiting.pid))
      .toMatch(new RegExp(`^process ${waiting.pid}: State:\\s+S \\(sleeping\\)`));
    const text = processDiagnostics(waiting.pid);
    // Node's main thread (named `node` up to Node.js 22, `MainThread` from 24) and its helpers
    // (V8 platform, libuv pool), each with state and wait.
    expect(text).toMatch(
      new RegExp(`thread ${waiting.pid} (node|MainThread): state S, waits in \\S+`),
    );
    expect(text.match(/^ {2}thread /gm)?.length).toBeGreaterThan(3);
    expect(text).toMatch(/^pressure cpu: /m);
    expect(text).toMatch(/^load: [\d.]+ /m);
  });

  it('says a busy main thread is running', async () => {
    const busy = await child('for (;;) {}');
    await expect
      .poll(() => processDiagnostics(busy.pid))
      .toMatch(new RegExp(`thread ${busy.pid} (node|MainThread): state R`));
  });

  it('says so, and does not throw, for a process that has ended', async () => {
    const ended = await child('process.exit(0)');
    if (ended.exitCode === null) await once(ended, 'exit');
    expect(processDiagnostics(ended.pid)).toMatch(/^process \d+: no \/proc entry \(ENOENT\)$/);
  });
});

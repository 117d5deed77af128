import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createWorkerPool,
  WorkerBusyError,
  WorkerTaskError,
  WorkerTimeoutError,
  workerEntry,
  type WorkerPool,
} from './worker-pool.js';

type Task = { echo?: unknown; fail?: string[]; spin?: boolean; thread?: boolean };

let pool: WorkerPool<Task, unknown> | undefined;
afterEach(async () => {
  await pool?.close();
});

function tasks(options: { timeoutMs?: number; maxQueue?: number; idleMs?: number } = {}) {
  pool = createWorkerPool<Task, unknown>({
    entry: workerEntry(new URL('./test-support/x.ts', import.meta.url).href, 'tasks.worker'),
    timeoutMs: options.timeoutMs ?? 10_000,
    maxQueue: options.maxQueue ?? 4,
    idleMs: options.idleMs,
  });
  return pool;
}

describe('createWorkerPool', () => {
  it('runs tasks in a worker and returns their results (Maps and bytes survive)', async () => {
    const run = tasks();
    const echo = { map: new Map([['a', new Uint8Array([1, 2])]]), text: 'ünï' };
    expect(await run.run({ echo })).toEqual(echo);
    expect(await run.run({ echo: 42 })).toBe(42);
  });

  it("rebuilds the task's error with its name, message and fields", async () => {
    const error = await tasks()
      .run({ fail: ['one', 'two'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).toMatchObject({
      errorName: 'TaskFailure',
      message: 'the task failed',
      data: { problems: ['one', 'two'] },
    });
  });

  it('stops a task that never ends, keeps this thread free meanwhile, and starts a new worker', async () => {
    const run = tasks({ timeoutMs: 300 });
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 1);
    const error = await run.run({ spin: true }).catch((e: unknown) => e);
    clearInterval(ticker);
    expect(error).toBeInstanceOf(WorkerTimeoutError);
    expect(turns).toBeGreaterThan(0);
    expect(await run.run({ echo: 'after' })).toBe('after');
  });

  it("counts a task's time limit from when its worker can take it, not from the start-up", async () => {
    // Loading the worker's module (through tsx here) and its preparation (200 ms) take far
    // longer than 50 ms.
    const run = tasks({ timeoutMs: 50 });
    expect(await run.run({ echo: 'first' })).toBe('first');
    await run.close();
  });

  it('refuses tasks beyond the queue instead of queueing without end', async () => {
    const run = tasks({ timeoutMs: 2000, maxQueue: 1 });
    const running = run.run({ spin: true }).catch((e: unknown) => e);
    const waiting = run.run({ echo: 'queued' });
    await expect(run.run({ echo: 'refused' })).rejects.toBeInstanceOf(WorkerBusyError);
    expect(await running).toBeInstanceOf(WorkerTimeoutError);
    expect(await waiting).toBe('queued');
  });

  it('close() refuses waiting tasks and stops the workers', async () => {
    const run = tasks();
    const running = run.run({ spin: true }).catch((e: unknown) => e);
    await run.close();
    expect(await running).toBeInstanceOf(Error);
    await expect(run.run({ echo: 1 })).rejects.toBeInstanceOf(Error);
  });

  it('keeps a worker between tasks, and without idleMs while the pool lives', async () => {
    const run = tasks();
    const first = await run.run({ thread: true });
    expect(await run.run({ thread: true })).toBe(first);
    expect(run.workers()).toBe(1);
  });

  it('stops a worker left without a task for idleMs, and starts one again for the next task', async () => {
    const run = tasks({ idleMs: 100 });
    const first = await run.run({ thread: true });
    expect(run.workers()).toBe(1);
    await vi.waitFor(() => expect(run.workers()).toBe(0), { timeout: 10_000, interval: 20 });
    const second = await run.run({ thread: true });
    expect(second).not.toBe(first);
    expect(run.workers()).toBe(1);
  });

  it('does not stop a worker that took a task before its idle time ran out', async () => {
    const run = tasks({ idleMs: 5_000 });
    const first = await run.run({ thread: true });
    // Tasks in turns, each within the idle time of the one before: the same worker runs them all.
    for (let i = 0; i < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await run.run({ thread: true })).toBe(first);
    }
  });
});

import { availableParallelism } from 'node:os';
import { parentPort, Worker, type Transferable } from 'node:worker_threads';

/** A task ran longer than its time limit: its worker was stopped. */
export class WorkerTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The task did not finish within ${timeoutMs} ms.`);
    this.name = 'WorkerTimeoutError';
  }
}

/** Too many tasks wait already: the caller should refuse rather than queue without end. */
export class WorkerBusyError extends Error {
  constructor() {
    super('Too many tasks are waiting.');
    this.name = 'WorkerBusyError';
  }
}

/**
 * An error thrown by the task inside the worker, rebuilt on this side: its name, message and
 * own data fields (an Error does not survive the trip between threads as its class).
 */
export class WorkerTaskError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
    readonly data: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

/** The worker crashed (out of memory, an uncaught error) or exited while running the task. */
export class WorkerCrashError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerCrashError';
  }
}

interface TaskMessage {
  id: number;
  input: unknown;
}
type ReplyMessage =
  | { ready: true; id?: undefined }
  | { id: number; ok: true; output: unknown }
  | { id: number; ok: false; name: string; message: string; data: Record<string, unknown> };

/**
 * The worker side: answers each task with `handler(input)`, or with the error it threw (name,
 * message and own enumerable fields). `prepare` runs first (loading what the tasks need), so a
 * task's time limit counts the task alone, not the worker's start-up.
 */
export function serveWorkerTasks<In, Out>(
  handler: (input: In) => Out | Promise<Out>,
  options: { prepare?: () => void } = {},
): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerTasks runs inside a worker thread only.');
  port.on('message', async ({ id, input }: TaskMessage) => {
    let reply: ReplyMessage;
    try {
      reply = { id, ok: true, output: await handler(input as In) };
    } catch (error) {
      const { name, message } =
        error instanceof Error ? error : { name: 'Error', message: String(error) };
      let data: Record<string, unknown> = {};
      try {
        data = error instanceof Error ? JSON.parse(JSON.stringify({ ...error })) : {};
      } catch {
        // Fields that cannot be copied are left out; name and message still travel.
      }
      reply = { id, ok: false, name, message, data };
    }
    port.postMessage(reply);
  });
  options.prepare?.();
  // Started: the pool's time limit counts from here, not from the thread's start-up.
  port.postMessage({ ready: true } satisfies ReplyMessage);
}

/** Bundled worker modules the tests start instead of their sources (test-support/worker-bundles.ts). */
let bundles: ReadonlyMap<string, URL> | undefined;

/**
 * Tests only: start these bundles (base name to file) rather than the TypeScript sources through
 * tsx, which costs every worker start about 1.8 s.
 */
export function useWorkerBundles(files: ReadonlyMap<string, URL>): void {
  bundles = files;
}

/**
 * How to start a worker module that sits beside `callerUrl` (the caller's `import.meta.url`):
 * the built `.js` file runs as is; from the TypeScript sources (tests, `tsx`) the module is
 * loaded through tsx, registered inside the worker, since a worker does not inherit the test
 * runner's or the parent's loader.
 */
export function workerEntry(
  callerUrl: string,
  baseName: string,
): { filename: string | URL; eval: boolean } {
  const source = callerUrl.endsWith('.ts');
  const url = new URL(`./${baseName}${source ? '.ts' : '.js'}`, callerUrl);
  if (!source) return { filename: url, eval: false };
  const bundle = bundles?.get(baseName);
  if (bundle) return { filename: bundle, eval: false };
  return {
    filename: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`,
    eval: true,
  };
}

/** How long the server's pools keep a worker without a task (its memory then goes back). */
export const WORKER_IDLE_MS = 30_000;

export interface WorkerPoolOptions {
  /** The worker module, from workerEntry. */
  entry: { filename: string | URL; eval: boolean };
  /** Workers at most (started when needed, kept while the pool lives); default 1, at most the cores. */
  size?: number;
  /** How long one task may run before its worker is stopped. */
  timeoutMs: number;
  /** Tasks that may wait for a worker; more are refused with WorkerBusyError. */
  maxQueue: number;
  /** Heap limit of each worker, in MiB. */
  maxHeapMb?: number;
  /**
   * A worker without a task for this long is stopped (the next task starts one again): its
   * memory goes back to the system. Default: workers are kept while the pool lives.
   */
  idleMs?: number;
}

export interface WorkerPool<In, Out> {
  run(input: In, transfer?: Transferable[]): Promise<Out>;
  /** Stops every worker; waiting and running tasks are refused. */
  close(): Promise<void>;
  /** How many workers are started now (running, waiting for a task or starting). */
  workers(): number;
}

interface Slot {
  worker: Worker;
  /** True once the worker said it serves tasks; a task given earlier waits for it. */
  ready: boolean;
  /** Sends the task given before the worker was ready. */
  send?: () => void;
  busy?: { id: number; resolve: (value: unknown) => void; reject: (error: Error) => void };
  timer?: NodeJS.Timeout;
  /** Stops the worker once it has been without a task for the pool's idleMs. */
  idle?: NodeJS.Timeout;
}

/** How long a worker may take to start (load its module) before it counts as crashed. */
const START_TIMEOUT_MS = 60_000;

interface Waiting {
  input: unknown;
  transfer: Transferable[] | undefined;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * A few worker threads for CPU-heavy work, so the event loop that serves requests never runs
 * it: workers start on first use, each runs one task at a time under a time limit (a task that
 * runs over has its worker terminated, and the next task starts a fresh one), a bounded queue
 * waits for them, and idle workers do not keep the process alive (and are stopped after
 * `idleMs`, when given). `close()` stops them all.
 */
export function createWorkerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  const size = Math.max(1, Math.min(options.size ?? 1, availableParallelism()));
  const slots: Slot[] = [];
  const queue: Waiting[] = [];
  let nextId = 1;
  let closed = false;

  function release(slot: Slot, settle: (busy: NonNullable<Slot['busy']>) => void): void {
    const busy = slot.busy;
    if (slot.timer) clearTimeout(slot.timer);
    slot.busy = undefined;
    slot.timer = undefined;
    slot.send = undefined;
    slot.worker.unref();
    if (busy) settle(busy);
    armIdle(slot);
  }

  /** Stops the slot's worker once it has been without a task for idleMs (when given). */
  function armIdle(slot: Slot): void {
    disarmIdle(slot);
    if (options.idleMs === undefined || closed || !slots.includes(slot)) return;
    slot.idle = setTimeout(() => {
      const index = slots.indexOf(slot);
      if (slot.busy || index === -1) return;
      slots.splice(index, 1);
      void slot.worker.terminate();
    }, options.idleMs).unref();
  }

  function disarmIdle(slot: Slot): void {
    clearTimeout(slot.idle);
    slot.idle = undefined;
  }

  function discard(slot: Slot, error: Error): void {
    const index = slots.indexOf(slot);
    if (index !== -1) slots.splice(index, 1);
    disarmIdle(slot);
    release(slot, (busy) => busy.reject(error));
    void slot.worker.terminate();
    pump();
  }

  function start(): Slot {
    const worker = new Worker(options.entry.filename, {
      eval: options.entry.eval,
      resourceLimits: options.maxHeapMb ? { maxOldGenerationSizeMb: options.maxHeapMb } : {},
    });
    const slot: Slot = { worker, ready: false };
    // A worker that never starts is stopped, and its task refused.
    slot.timer = setTimeout(
      () => discard(slot, new WorkerCrashError('The worker did not start.')),
      START_TIMEOUT_MS,
    ).unref();
    worker.on('message', (reply: ReplyMessage) => {
      if ('ready' in reply) {
        slot.ready = true;
        if (slot.timer) clearTimeout(slot.timer);
        slot.timer = undefined;
        const send = slot.send;
        slot.send = undefined;
        send?.();
        return;
      }
      if (slot.busy?.id !== reply.id) return;
      release(slot, (busy) => {
        if (reply.ok) busy.resolve(reply.output);
        else busy.reject(new WorkerTaskError(reply.name, reply.message, reply.data));
      });
      pump();
    });
    worker.on('error', (error) => discard(slot, new WorkerCrashError(error.message)));
    worker.on('exit', (code) => {
      if (slots.includes(slot)) discard(slot, new WorkerCrashError(`The worker exited (${code}).`));
    });
    worker.unref();
    slots.push(slot);
    return slot;
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      const slot = slots.find((candidate) => !candidate.busy) ?? (slots.length < size && start());
      if (!slot) return;
      const task = queue.shift()!;
      const id = nextId++;
      disarmIdle(slot);
      slot.busy = { id, resolve: task.resolve, reject: task.reject };
      slot.worker.ref();
      // The time limit is the task's own: it starts when the worker can take the task.
      const send = () => {
        slot.timer = setTimeout(
          () => discard(slot, new WorkerTimeoutError(options.timeoutMs)),
          options.timeoutMs,
        );
        slot.worker.postMessage({ id, input: task.input } satisfies TaskMessage, task.transfer);
      };
      if (slot.ready) send();
      else slot.send = send;
    }
  }

  return {
    run(input, transfer) {
      if (closed) return Promise.reject(new WorkerCrashError('The worker pool is closed.'));
      const idle = slots.some((slot) => !slot.busy) || slots.length < size;
      if (!idle && queue.length >= options.maxQueue) return Promise.reject(new WorkerBusyError());
      return new Promise<Out>((resolve, reject) => {
        queue.push({ input, transfer, resolve: resolve as (value: unknown) => void, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      const error = new WorkerCrashError('The worker pool was closed.');
      for (const task of queue.splice(0)) task.reject(error);
      const stopping = slots.splice(0).map((slot) => {
        disarmIdle(slot);
        release(slot, (busy) => busy.reject(error));
        return slot.worker.terminate();
      });
      await Promise.all(stopping);
    },
    workers: () => slots.length,
  };
}

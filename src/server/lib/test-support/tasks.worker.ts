// A worker for worker-pool.test.ts: echoes, names its thread, fails with data, or never finishes.
import { threadId } from 'node:worker_threads';
import { serveWorkerTasks } from '../worker-pool.js';

class TaskFailure extends Error {
  constructor(readonly problems: string[]) {
    super('the task failed');
    this.name = 'TaskFailure';
  }
}

serveWorkerTasks(
  (input: { echo?: unknown; fail?: string[]; spin?: boolean; thread?: boolean }) => {
    if (input.thread) return threadId;
    if (input.fail) throw new TaskFailure(input.fail);
    if (input.spin) for (;;);
    return input.echo;
  },
  {
    // Loads slowly, as the logo worker's jsdom does: 200 ms before it takes a task.
    prepare: () => {
      const until = Date.now() + 200;
      while (Date.now() < until);
    },
  },
);

// Worker thread of page-renderer.ts: the server-rendering bundle's render, away from the event
// loop that answers requests.
import { serveWorkerTasks } from '../lib/worker-pool.js';
import { loadRenderer, taskState, type PageRenderTask } from './page-renderer.js';

/** The bundle is loaded by the first task and kept for the worker's life. */
let loaded: ReturnType<typeof loadRenderer> | undefined;

const utf8 = new TextEncoder();

// The markup goes back encoded: the event loop then copies it into the page as it is.
serveWorkerTasks(async (task: PageRenderTask) => {
  loaded ??= loadRenderer(task.bundle);
  const render = await loaded;
  if (!render) throw new Error(`There is no server-rendering bundle at ${task.bundle}.`);
  return utf8.encode(render(taskState(task), task.messages));
});

// Worker thread of logo-checker.ts: DOMPurify on jsdom, and the raster structure checks, away
// from the event loop.
import { serveWorkerTasks } from '../lib/worker-pool.js';
import { checkHere, type LogoCheckResult, type LogoCheckTask } from './logo-files.js';

serveWorkerTasks<LogoCheckTask, LogoCheckResult>((task) =>
  'svg' in task
    ? checkHere.sanitizeSvg(task.svg)
    : checkHere.rasterStructure(task.raster, task.type),
);

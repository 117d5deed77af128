// Worker thread of logo-checker.ts: DOMPurify on jsdom, and the raster structure checks, away
// from the event loop.
import { serveWorkerTasks } from '../lib/worker-pool.js';
import {
  checkHere,
  prepareSvgPurifier,
  type LogoCheckResult,
  type LogoCheckTask,
} from './logo-files.js';

serveWorkerTasks<LogoCheckTask, LogoCheckResult>(
  (task) =>
    'svg' in task
      ? checkHere.sanitizeSvg(task.svg)
      : checkHere.rasterStructure(task.raster, task.type),
  // jsdom and DOMPurify load before the worker says it is ready: on a busy machine their loading
  // took most of a check's time limit (LOGO_CHECK_TIMEOUT_MS), and the check was refused.
  { prepare: prepareSvgPurifier },
);

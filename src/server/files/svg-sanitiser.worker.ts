// Worker thread of svg-sanitiser.ts: DOMPurify on jsdom, away from the event loop.
import { serveWorkerTasks } from '../lib/worker-pool.js';
import { sanitizeSvg } from './logo-files.js';

serveWorkerTasks((text: string) => sanitizeSvg(text));

// Worker thread of catalog-reader.ts: YAML, unzip and logo checks away from the event loop.
import { serveWorkerTasks } from '../lib/worker-pool.js';
import { readCatalogFile } from './catalog-loader.js';
import { readCatalogUpload } from './catalog-transfer.js';
import type { CatalogReadTask } from './catalog-reader.js';

serveWorkerTasks((task: CatalogReadTask) =>
  task.kind === 'upload' ? readCatalogUpload(task.upload, task.name) : readCatalogFile(task.file),
);

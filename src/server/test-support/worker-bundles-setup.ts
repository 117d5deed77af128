// Set-up file of the server projects: worker pools start the bundles of worker-bundles.ts.
import { useWorkerBundles } from '../lib/worker-pool.js';
import { workerBundles } from './worker-bundles.js';

useWorkerBundles(workerBundles());

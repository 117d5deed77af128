/**
 * The app's entry, imported by src/web/start.ts once the browser has painted the server's HTML
 * (decisions 0011, 0038). What is left is to evaluate the app, with Preact under React's API
 * (vite.config.ts), then hydrate. A yield to the browser between the two keeps them two short
 * tasks rather than one long one (decision 0020).
 */
import * as client from 'react-dom/client';
import { mount } from './boot/mount.js';
import { registerServiceWorker } from './boot/service-worker.js';

/** Lets the browser paint and handle input before the next piece of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// After start.ts's mark: browser tests check that the app is evaluated after the first paint.
performance.mark('portal:main');
await yieldToBrowser();
await mount(client);
// Once the last part is hydrated: its registration is no part of the start's tasks.
registerServiceWorker();

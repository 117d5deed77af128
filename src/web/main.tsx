/**
 * The app's entry, imported by src/web/start.ts once the browser has painted the server's HTML
 * (decision 0011, 0038); what is left is to evaluate the app and React DOM, then hydrate. React DOM is a chunk of its own
 * (vite.config.ts), imported here dynamically so that it is evaluated in a task of its own, after
 * the app's, with a yield to the browser before hydrating (decision 0020): compiling and running
 * about 270 KB of JavaScript never makes one long task. index.html preloads that chunk, so it
 * downloads in parallel with the app, with no request chain.
 */
import { mount } from './boot/mount.js';
import { registerServiceWorker } from './boot/service-worker.js';

/** Lets the browser paint and handle input before the next piece of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// After start.ts's mark: browser tests check that the app is evaluated after the first paint.
performance.mark('portal:main');
const client = await import('react-dom/client');
await yieldToBrowser();
mount(client);
registerServiceWorker();

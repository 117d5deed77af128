/**
 * Registers the portal's service worker (`/sw.js`, src/web/sw/sw.js; docs/web.md, "Offline")
 * once the page has loaded: nothing of the first paint or the start waits for it. Only in a
 * build (the dev server has no worker). `updateViaCache: 'none'`: the browser always asks the
 * server whether the worker changed, so a new build is found on the next visit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .catch((error: unknown) => console.warn('The service worker was not registered.', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

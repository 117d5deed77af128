// The portal's service worker (docs/web.md, "Offline"; decision 0030). Hand-written, small, and
// without a library, so that what it keeps can be read here in full:
//
// - It keeps only files that are the same for everyone: the hashed build files (`/assets/*`,
//   their names change with their content) and the offline page. Never a page's HTML, never an
//   API answer, never a logo (`/api/files/*`), never anything that depends on who is signed in.
// - Pages always come from the network (navigation preload saves the start-up of this worker);
//   only when the network fails does the worker answer with the offline page.
// - Its cache is named after the build; a new build installs a new worker, which takes over at
//   once and deletes every other cache of the origin: an update is seen on the next visit, and
//   nothing the worker does not own stays behind.
//
// The build (vite.config.ts, `serviceWorker()`) writes this file to dist/web/sw.js with the two
// constants below replaced: the build's version and the files the home page loads first.
const VERSION = 'dev';
const PRECACHE = [];

const CACHE = `app-portal-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
/** Vite's content-hashed file names: `/assets/name-HASH.ext`. */
const HASHED_ASSET = /^\/assets\/[\w.-]+-[\w-]{8,}\.[a-z0-9]+$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The offline page is fetched past the HTTP cache: the copy kept is the current one.
      await cache.add(new Request(OFFLINE_PAGE, { cache: 'reload' }));
      await cache.addAll(PRECACHE);
      await self.skipWaiting();
    })(),
  );
});

/**
 * Deletes every cache of the origin but this build's: older builds' and anything else. Run
 * once, when this worker takes over (never while a newer worker may be installing its cache).
 */
async function prune() {
  for (const name of await caches.keys()) {
    if (name !== CACHE) await caches.delete(name);
  }
}

/**
 * Runs `work` under the origin's cache lock (Web Locks, where the browser has them): a newer
 * worker prunes under the exclusive lock, and an older worker keeps a file under a shared one
 * only while its cache still exists. Without the lock, an older worker that had not yet learnt
 * of its successor (the registration's attributes reach it later) made its cache again just
 * after the newer worker deleted it.
 */
function withCacheLock(mode, work) {
  const locks = self.navigator && self.navigator.locks;
  return locks ? locks.request('app-portal-caches', { mode }, work) : work();
}

/** True when a newer worker is on its way or has taken over (its cache is the one to fill). */
function replaced() {
  const { active, installing, waiting } = self.registration;
  if (installing || waiting) return true;
  return self.serviceWorker !== undefined && active !== self.serviceWorker;
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await withCacheLock('exclusive', prune);
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/**
 * A page: from the network (the preloaded answer when there is one); when that fails, the
 * offline page for a top-level page, the network's error for a frame (the silent sign-on check).
 */
async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch (error) {
    if (event.request.destination !== 'document') throw error;
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
    if (offline) return offline;
    throw error;
  }
}

/**
 * A hashed build file: from the cache, else from the network and kept for the next visit. A
 * request that fails (the page is left mid-load, as at sign-out, or the network is gone) gets
 * the network's error, as without a worker: nothing here ever throws, so the page sees a failed
 * load of that file and no error of the worker's.
 */
async function asset(request) {
  let kept;
  try {
    kept = await caches.match(request, { cacheName: CACHE });
  } catch {
    kept = undefined; // A cache being deleted by a newer worker: the network has the file.
  }
  if (kept) return kept;
  let response;
  try {
    response = await fetch(request);
  } catch {
    return Response.error();
  }
  // Only complete, same-origin answers (never an error page, a redirect or a partial answer),
  // and only while this build's cache exists: a worker replaced by a newer one (its cache
  // deleted) must not make it again. Keeping it is a bonus: its failure changes nothing.
  try {
    if (response.status === 200 && response.type === 'basic') {
      const copy = response.clone();
      await withCacheLock('shared', async () => {
        if (replaced() || !(await caches.has(CACHE))) return;
        await (await caches.open(CACHE)).put(request, copy);
      });
      // Browsers without Web Locks: a newer worker that took over meanwhile deleted this cache,
      // and the put made it again.
      if (replaced()) await caches.delete(CACHE);
    }
  } catch {
    // Not kept (the body was cut short, the quota is full): served anyway.
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event));
    return;
  }
  if (HASHED_ASSET.test(url.pathname) && url.search === '') {
    event.respondWith(asset(request));
  }
  // Everything else (the API, logos, the manifest, icons): not handled, as without a worker.
  // Sign-in, its silent check and sign-out are navigations: they go to the network through
  // page() like every page (one request, the preloaded one) and are never kept.
});

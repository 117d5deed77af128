import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// The worker's script run in a stand-in of its global scope: what its fetch handler answers when
// the network or the cache fails (a page left mid-load, as at sign-out, cancels its requests).

// Read from the repository's root (the web tests run in jsdom, whose module URLs are not files).
const SOURCE = readFileSync(join(process.cwd(), 'src', 'web', 'sw', 'sw.js'), 'utf8');
const SPRITE = 'https://portal.example.edu/assets/icons-0123456789.svg';

type FetchEvent = { request: Request; respondWith(answer: Promise<Response>): void };

function worker(options: {
  fetch: typeof fetch;
  caches?: Partial<CacheStorage>;
  locks?: Pick<LockManager, 'request'>;
}) {
  const listeners = new Map<string, (event: FetchEvent) => void>();
  const self = {
    location: new URL('https://portal.example.edu/'),
    navigator: { locks: options.locks },
    registration: { active: null, installing: null, waiting: null },
    addEventListener: (type: string, listener: (event: FetchEvent) => void) =>
      listeners.set(type, listener),
  };
  const caches: Partial<CacheStorage> = {
    match: async () => undefined,
    has: async () => false,
    ...options.caches,
  };
  new Function('self', 'caches', 'fetch', 'Response', 'Request', SOURCE)(
    self,
    caches,
    options.fetch,
    Response,
    Request,
  );
  return async (url: string): Promise<Response | undefined> => {
    let answer: Promise<Response> | undefined;
    listeners.get('fetch')?.({
      request: new Request(url),
      respondWith: (promise) => (answer = promise),
    });
    return answer;
  };
}

describe('the service worker, for a hashed build file', () => {
  it('answers the network error when the request fails, and never rejects', async () => {
    const fetchFailing = vi.fn(async () => {
      throw new TypeError('NetworkError when attempting to fetch resource.');
    });
    const answer = await worker({ fetch: fetchFailing })(SPRITE);
    expect(answer?.type).toBe('error');
  });

  it('still answers when the cache cannot be read or written', async () => {
    const served = new Response('<svg/>', { status: 200 });
    const answer = await worker({
      fetch: async () => served,
      caches: {
        match: async () => {
          throw new DOMException('The cache was deleted.', 'InvalidStateError');
        },
        has: async () => {
          throw new DOMException('The quota is full.', 'QuotaExceededError');
        },
      },
    })(SPRITE);
    expect(answer).toBe(served);
  });

  it('keeps a file only under the shared cache lock, and not once its cache is gone', async () => {
    // A newer worker deletes the older caches under the exclusive lock: an older worker that
    // looks for its cache under the shared one finds it gone and does not make it again.
    const held: string[] = [];
    const steps: string[] = [];
    const locks = {
      request: vi.fn(async (name: string, options: LockOptions, work: () => Promise<unknown>) => {
        held.push(`${name}:${options.mode}`);
        try {
          return await work();
        } finally {
          held.pop();
        }
      }),
    } as unknown as Pick<LockManager, 'request'>;
    let exists = true;
    const put = vi.fn(async () => undefined);
    // Same-origin answers are of type "basic" in a browser.
    const fetchOk = async () =>
      Object.defineProperty(new Response('<svg/>', { status: 200 }), 'type', { value: 'basic' });
    const caches: Partial<CacheStorage> = {
      has: async () => {
        steps.push(`has under ${held.join()}`);
        return exists;
      },
      open: async () => ({ put }) as unknown as Cache,
      delete: async () => true,
    };
    const answer = await worker({ fetch: fetchOk, caches, locks })(SPRITE);
    expect(answer?.status).toBe(200);
    expect(steps).toEqual(['has under app-portal-caches:shared']);
    expect(put).toHaveBeenCalledTimes(1);

    exists = false;
    await worker({ fetch: fetchOk, caches, locks })(SPRITE);
    expect(put).toHaveBeenCalledTimes(1);
  });
});

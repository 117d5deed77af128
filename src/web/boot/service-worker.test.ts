import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker.js';

function fakeServiceWorker() {
  const register = vi.fn(() => Promise.resolve({}));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register },
  });
  return register;
}

function readyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(document, 'readyState');
});

describe('registerServiceWorker', () => {
  it('registers /sw.js for scope / only once the page has loaded', () => {
    vi.stubEnv('PROD', true);
    const register = fakeServiceWorker();
    readyState('interactive');
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers at once when the page has already loaded', () => {
    vi.stubEnv('PROD', true);
    const register = fakeServiceWorker();
    readyState('complete');
    registerServiceWorker();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers nothing outside a build (the dev server and the tests)', () => {
    vi.stubEnv('PROD', false);
    const register = fakeServiceWorker();
    readyState('complete');
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
  });

  it('only warns when the browser refuses the worker', async () => {
    vi.stubEnv('PROD', true);
    const register = fakeServiceWorker();
    register.mockImplementation(() => Promise.reject(new Error('refused')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    readyState('complete');
    registerServiceWorker();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});

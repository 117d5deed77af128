import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { fallbackLocale } from '../lib/i18n.js';
import { englishMessages } from './messages.js';
import { server } from './server.js';

// Components rendered without a provider speak English, with the repository's catalogs.
fallbackLocale.load(englishMessages());

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
// Preact runs effects after a paint: a requestAnimationFrame raced by a 35 ms timer whose
// callback calls cancelAnimationFrame. Two frames after the last cleanup those races are over,
// so none of their timers fires once the file's jsdom globals are gone (a ReferenceError that
// vitest reports as an unhandled error of whichever file ran).
afterAll(async () => {
  for (let frame = 0; frame < 2; frame += 1) {
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  }
  server.close();
});

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
afterAll(() => server.close());

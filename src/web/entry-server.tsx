/**
 * The server-rendering entry: the same App as the browser's, rendered to HTML for one viewer's
 * state. Built by `vite build --ssr` into dist/ssr and loaded by the server at start
 * (src/server/spa/page-renderer.ts); the browser then hydrates the markup (main.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Messages } from '@lingui/core';
import { narrowCharacters, type PageState, type RenderPage } from '../shared/api/page-schemas.js';
import { SOURCE_LANGUAGE } from '../shared/i18n/languages.js';
import * as searchEngine from '../shared/search/search-index.js';
import { App } from './app/app.js';
import { provideSearchEngine } from './features/search/utils/search-engine.js';
import type { AppEnvironment } from './app/create-stores.js';
import { createLocale, LocaleProvider } from './lib/i18n.js';

// A `?q=` page is rendered with its hits, marks included: the browser waits for the engine
// before hydrating such a page (boot/mount.tsx), so both render the same.
provideSearchEngine(searchEngine);

/** Nothing of the browser runs while rendering: no storage, no navigation. */
const serverEnvironment: AppEnvironment = {
  storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
  currentPath: () => '/',
  navigate: () => {},
  submitPost: () => {},
};

export const render: RenderPage = (state: PageState, messages?: Messages) =>
  narrowCharacters(
    renderToString(
      <StrictMode>
        <LocaleProvider locale={createLocale(state.language ?? SOURCE_LANGUAGE, messages)}>
          <App environment={serverEnvironment} initial={state} />
        </LocaleProvider>
      </StrictMode>,
    ),
  );

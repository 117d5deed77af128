/**
 * The server-rendering entry: the same App as the browser's, rendered to HTML for one viewer's
 * state. Built by `vite build --ssr` into dist/ssr and loaded by the server at start
 * (src/server/spa/page-renderer.ts); the browser then hydrates the markup (main.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Messages } from '@lingui/core';
import {
  jsonForScript,
  narrowCharacters,
  type PageState,
  type RenderPage,
} from '../shared/api/page-schemas.js';
import { SOURCE_LANGUAGE, type Language } from '../shared/i18n/languages.js';
import * as searchEngine from '../shared/search/search-index.js';
import { App } from './app/app.js';
import { provideSearchEngine } from './features/search/utils/search-engine.js';
import type { AppEnvironment } from './app/create-stores.js';
import { serverStatusTexts } from './features/status/utils/status-text.js';
import {
  createLocale,
  LocaleProvider,
  numberSymbols,
  SERVER_FORMATS_ID,
  type ServerFormats,
} from './lib/i18n.js';

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

/** Each language's digits and percent sign, from the server's Intl once. */
const symbols = new Map<Language, ReturnType<typeof numberSymbols>>();

/**
 * What the page's browser shows until the visitor's first interaction instead of formatting it
 * with an `Intl` object of its own (decision 0057): the language's digits and percent sign (the
 * uptimes) and the texts this rendering formats (the notices' periods).
 */
function serverFormats(state: PageState, messages?: Messages): ServerFormats {
  const language = state.language ?? SOURCE_LANGUAGE;
  let known = symbols.get(language);
  if (!known) symbols.set(language, (known = numberSymbols(language)));
  const texts = serverStatusTexts(createLocale(language, messages), state.notices?.notices);
  return { ...known, texts };
}

/**
 * The page's markup, followed by the server's formats as a JSON block (SERVER_FORMATS_ID), which
 * boot/mount.tsx reads and takes out before hydrating: data, never run (the CSP allows no inline
 * script). The block is written by jsonForScript, never through narrowCharacters, whose
 * character references a script element would not read back.
 */
export const render: RenderPage = (state: PageState, messages?: Messages) => {
  const formats = serverFormats(state, messages);
  const language = state.language ?? SOURCE_LANGUAGE;
  const markup = narrowCharacters(
    renderToString(
      <StrictMode>
        <LocaleProvider locale={createLocale(language, messages, formats)}>
          <App environment={serverEnvironment} initial={state} />
        </LocaleProvider>
      </StrictMode>,
    ),
  );
  return `${markup}<script type="application/json" id="${SERVER_FORMATS_ID}">${jsonForScript(formats)}</script>`;
};

import { StrictMode } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import { PAGE_STATE_ID, type PageState } from '../../shared/api/page-schemas.js';
import { App } from '../app/app.js';
import { loadSearchEngine } from '../features/search/utils/search-engine.js';
import { currentPath, navigateTo, submitPost } from '../lib/browser.js';
import { waitForInteraction } from '../features/status/hooks/use-interacted.js';
import { LocaleProvider, pageLocale, SERVER_FORMATS_ID } from '../lib/i18n.js';
import { hydrateInTurns } from '../ui/hydrate-later.js';
import { reportHydrationMismatches } from './hydration-mismatch.js';

/** The state the server rendered the page with (src/server/spa/page.routes.ts), if it did. */
function renderedState(): PageState | null {
  const block = document.getElementById(PAGE_STATE_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as PageState;
  } catch (error) {
    console.warn('Ignoring an unreadable page state.', error);
    return null;
  }
}

/** Whether the page is being left (its loads are cancelled then, which is no failure). */
let left = false;
window.addEventListener('pagehide', () => (left = true));
// Back from the back-forward cache: the page is shown again.
window.addEventListener('pageshow', () => (left = false));
const leaving = () => left || document.visibilityState === 'hidden';

/**
 * Hydrates the server-rendered page from its state block, or renders the shell (other paths),
 * with the real browser (localStorage, navigation). `client` is React DOM's client module (Preact's,
 * vite.config.ts), handed in by main.tsx. Resolves once every part is hydrated.
 */
export async function mount({ createRoot, hydrateRoot }: typeof ReactDomClient): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  const initial = renderedState();
  // The language the server rendered the page in, with its messages (the file the page
  // preloaded: hydration waits for them, so it renders the server's texts) and what it formatted
  // (entry-server.tsx), whose block then leaves #root: not the app's markup.
  const locale = await pageLocale(document, { leaving });
  document.getElementById(SERVER_FORMATS_ID)?.remove();
  const app = (
    <StrictMode>
      <LocaleProvider locale={locale}>
        <App
          environment={{
            storage: window.localStorage,
            currentPath,
            navigate: navigateTo,
            submitPost,
            // The sign-in helpers load after the page, when the silent check starts.
            silentSignOn: {
              check: () =>
                import('../features/auth/api/silent-check.js').then(
                  ({ checkSilently }) => checkSilently(),
                  (error: unknown) => {
                    // The page left right after loading cancels the import: no failure.
                    if (leaving()) return 'error' as const;
                    throw error;
                  },
                ),
              storage: window.sessionStorage,
            },
          }}
          initial={initial}
        />
      </LocaleProvider>
    </StrictMode>
  );

  // A server-rendered page is hydrated from its state: no request before the cards show. Other
  // paths get the plain shell, rendered here (from the state when the server sent one anyway).
  if (initial && root.hasChildNodes()) {
    reportHydrationMismatches();
    // The status texts only Intl writes wait for the visitor's first pointer, key or focus: the
    // first Intl object costs 40-120 ms, which the load should not pay (decision 0057). Until then
    // the page shows the server's (the locale's `server`).
    if (locale.server) waitForInteraction(document);
    // The server rendered a `?q=` page with its hits (entry-server.tsx): hydrating before the
    // engine is here would find marks the app does not render yet. Without the engine (it could
    // not load), the app shows every card and says why on the console.
    if (new URLSearchParams(initial.search).get('q')?.trim()) {
      await loadSearchEngine().catch((error: unknown) =>
        console.warn('Could not load the search.', error),
      );
    }
    // Around the header, the sections and the footer first; those in later turns, and each
    // section's cards after it (decisions 0039, 0049).
    await hydrateInTurns(() => hydrateRoot(root, app));
    // Browser tests and benchmarks read when the last part was hydrated.
    performance.mark('portal:hydrated');
  } else createRoot(root).render(app);
}

import { Search } from '../../../ui/icons.js';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';
import { useId } from '../../../ui/use-id.js';
import type { MatchRange } from '../../../../shared/search/search-index.js';
import type { SearchQuery } from '../hooks/use-search-query.js';
import { preloadSearchEngine } from '../utils/search-engine.js';
import { isSearchShortcut, isTypingTarget } from '../utils/shortcut.js';
import { HighlightedText } from './highlighted-text.js';
import { useHydrated } from '../../../ui/use-hydrated.js';
import { useT, type Translate } from '../../../lib/i18n.js';

/** One app in the results list. */
export interface SearchResult {
  id: string;
  name: string;
  /** Matched parts of `name`, highlighted. */
  nameMatches: readonly MatchRange[];
  /** The section title the app's card is in (in the page's language). */
  section: string;
  /** The environment label (`Prod`, `Stage`, `Dev`, in the page's language). */
  environment: string;
  /** The app's web link; undefined when it has none (nothing to open). */
  href: string | undefined;
}

export interface SearchBarProps {
  search: SearchQuery;
  /** The matching apps, best first; null while there is nothing to list (no query). */
  results: readonly SearchResult[] | null;
  /** The input, for whoever needs to focus it (the empty state's Clear button). */
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Opens an app's link; a new tab without access to this page by default. */
  openLink?(href: string): void;
}

/** Options listed at most: enough to arrow through; the cards below show every match. */
export const MAX_LISTED_RESULTS = 50;

/** The count is announced once typing pauses, not on every keystroke. */
const ANNOUNCE_DELAY_MS = 400;

export function openInNewTab(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}

/**
 * The search field under the header: an editable combobox with a listbox of the results (the
 * WAI-ARIA combobox pattern, list autocomplete). The first result is active by default; the
 * arrow keys move through the results, Enter opens the active one in a new tab, Escape clears
 * the query and a second Escape leaves the field. `/`, Ctrl+K or Cmd+K focus the field from
 * anywhere except another text field. A live region announces the number of results; the
 * active result is the field's `aria-activedescendant`. The field is a `type="search"` input
 * (role searchbox) inside an ARIA 1.1 combobox container that carries `aria-expanded`.
 */
export function SearchBar({ search, results, inputRef, openLink = openInNewTab }: SearchBarProps) {
  const t = useT();
  const { query, setQuery, commit, clear } = search;
  const ownRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownRef;
  const baseId = useId();
  const listboxId = `${baseId}-results`;
  const hintId = `${baseId}-hint`;
  const optionId = (index: number) => `${baseId}-result-${index}`;

  const hydrated = useHydrated();
  const [focused, setFocused] = useState(false);
  /** The result the user moved to, for the query it was chosen in. */
  const [cursor, setCursor] = useState<{ query: string; id: string } | null>(null);
  /** Said at once by the live region (an app without a link was chosen). */
  const [notice, setNotice] = useState<string | null>(null);

  const listed = (results ?? []).slice(0, MAX_LISTED_RESULTS);
  const expanded = focused && listed.length > 0;
  const chosen =
    cursor && cursor.query === query ? listed.findIndex((result) => result.id === cursor.id) : -1;
  const activeIndex = listed.length === 0 ? -1 : Math.max(chosen, 0);
  const active = listed[activeIndex];

  useGlobalShortcut(input);
  const announcement = useAnnouncement(t, results, notice);

  const activeOptionId = expanded && active ? optionId(activeIndex) : undefined;
  useEffect(() => {
    if (activeOptionId) {
      document.getElementById(activeOptionId)?.scrollIntoView?.({ block: 'nearest' });
    }
  }, [activeOptionId]);

  const changeQuery = (next: string) => {
    setNotice(null);
    setQuery(next);
  };

  const launch = (result: SearchResult) => {
    if (result.href === undefined) {
      setNotice(t('search.noLink', { name: result.name }));
      return;
    }
    commit();
    openLink(result.href);
  };

  const moveBy = (step: number) => {
    const next = listed[(activeIndex + step + listed.length) % listed.length];
    if (next) setCursor({ query, id: next.id });
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!expanded) return;
        event.preventDefault();
        moveBy(event.key === 'ArrowDown' ? 1 : -1);
        return;
      case 'Enter':
        if (!expanded || !active) return;
        event.preventDefault();
        launch(active);
        return;
      case 'Escape':
        event.preventDefault(); // also keeps the browser's own clearing of search fields out
        if (query !== '') {
          setNotice(null);
          clear();
        } else {
          input.current?.blur();
        }
        return;
    }
  };

  return (
    <div role="search" className="relative w-full max-w-3xl">
      {/* ARIA 1.1 combobox: the container owns the search field (a real searchbox) and the
          list; the field keeps the active option in aria-activedescendant. */}
      <div
        role="combobox"
        aria-label={t('search.label')}
        aria-haspopup="listbox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-owns={listboxId}
      >
        <label className="input w-full">
          <Search aria-hidden="true" className="size-4 opacity-60" />
          <input
            ref={input}
            type="search"
            name="q"
            aria-label={t('search.label')}
            aria-autocomplete="list"
            aria-controls={listboxId}
            aria-activedescendant={activeOptionId}
            aria-describedby={hintId}
            aria-keyshortcuts="/ Control+K Meta+K"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder={t('search.label')}
            className="grow"
            value={query}
            disabled={!hydrated}
            onChange={(event) => changeQuery(event.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => {
              setFocused(true);
              preloadSearchEngine();
            }}
            onBlur={() => {
              setFocused(false);
              commit();
            }}
          />
          <kbd aria-hidden="true" className="kbd kbd-sm hidden md:inline-flex">
            /
          </kbd>
        </label>
      </div>
      <p id={hintId} className="sr-only">
        {t('search.hint')}
      </p>
      <div
        hidden={!expanded}
        className="bg-base-100 border-base-300 rounded-box absolute inset-x-0 top-full z-30 mt-1 max-h-[min(24rem,60vh)] overflow-y-auto border p-1 shadow-lg"
      >
        <ul id={listboxId} role="listbox" aria-label={t('search.results')}>
          {listed.map((result, index) => (
            <li
              key={result.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              aria-disabled={result.href === undefined || undefined}
              className={`flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 ${
                index === activeIndex ? 'bg-base-200' : ''
              } ${result.href === undefined ? 'opacity-70' : ''}`}
              onMouseDown={(event) => event.preventDefault()} // keep the focus in the field
              onMouseMove={() => {
                if (index !== activeIndex) setCursor({ query, id: result.id });
              }}
              onClick={() => launch(result)}
            >
              <span className="min-w-0 font-medium break-words">
                <HighlightedText text={result.name} matches={result.nameMatches} />
              </span>
              <span className="sr-only">{t('search.result.pause')}</span>
              <span className="text-base-content/75 shrink-0 text-sm">
                {t(result.href === undefined ? 'search.result.noLink' : 'search.result.meta', {
                  section: result.section,
                  environment: result.environment,
                })}
              </span>
            </li>
          ))}
        </ul>
        {results && results.length > listed.length && (
          <p className="text-base-content/75 px-3 py-2 text-sm">
            {t('search.more', { count: results.length - listed.length })}
          </p>
        )}
      </div>
      <div role="status" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}

/** `/`, Ctrl+K and Cmd+K focus the field, unless the user is typing in another field. */
function useGlobalShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const field = input.current;
      if (!field || !isSearchShortcut(event)) return;
      if (event.target === field) {
        // `/` is typed into the query; Ctrl+K selects it rather than open the browser's search.
        if (event.key !== '/') {
          event.preventDefault();
          field.select();
        }
        return;
      }
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      field.focus();
      field.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

/** What the live region says: the number of results once typing pauses, or a notice at once. */
function useAnnouncement(
  t: Translate,
  results: readonly SearchResult[] | null,
  notice: string | null,
): string {
  const count = results === null ? null : results.length;
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const text = count === null ? '' : countMessage(t, count);
    const timer = setTimeout(() => setAnnounced(text), text === '' ? 0 : ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [t, count]);
  return notice ?? announced;
}

/** "No apps found", "1 app found", "12 apps found", in the page's language. */
export function countMessage(t: Translate, count: number): string {
  return t('search.count', { count });
}

import { useRef, type KeyboardEvent } from 'react';
import { useId } from '../../../ui/use-id.js';
import { LANGUAGE_NAMES, LANGUAGE_PATH, LANGUAGES } from '../../../../shared/i18n/languages.js';
import { useLocale } from '../../../lib/i18n.js';

export interface LanguageMenuProps {
  /** Where the form sends the browser back to (the current path and query). */
  returnTo?: string;
  /** The label for screen readers only (the header on wide screens). */
  compact?: boolean;
}

/** Shown only when the browser runs no scripts (the theme menu's "Apply" does the same). */
const WITHOUT_SCRIPTS = 'hidden [@media(scripting:none)]:inline-flex';

/** Keys that move through a closed select's options, one change event each. */
const BROWSING_KEYS = /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down)|.)$/u;

/**
 * The language choice: a form that posts to /language (the server keeps the choice in the
 * `lang` cookie and sends the browser back to `returnTo`, rendered in the new language; decision
 * 0037: a language change reloads the page, so every text, the catalog's included, comes in the
 * new language). Each language is named in itself, marked with its own `lang`. Without
 * JavaScript "Apply" posts the form. With it, the select applies the choice itself: a choice
 * picked from the opened list, or Enter on the select; moving through a closed select with the
 * arrow keys or letters only moves (WCAG 3.2.2: no change of page on input).
 */
export function LanguageMenu({ returnTo = '/', compact = false }: LanguageMenuProps) {
  const { language, t } = useLocale();
  const selectId = useId();
  const browsing = useRef(false);
  const submitted = useRef(false);
  /** Posts the form once, for a language other than the page's. */
  const apply = (select: HTMLSelectElement) => {
    if (submitted.current || select.value === language) return;
    submitted.current = true;
    select.form?.requestSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    const select = event.currentTarget;
    if (event.key === 'Enter') {
      browsing.current = false;
      // After the browser has committed an option picked in an opened list (its change event
      // applies it first).
      setTimeout(() => apply(select), 0);
    } else if (!event.altKey && !event.ctrlKey && !event.metaKey && BROWSING_KEYS.test(event.key)) {
      browsing.current = true;
    }
  };
  return (
    <form method="post" action={LANGUAGE_PATH} className="flex items-center gap-2">
      <label htmlFor={selectId} className={compact ? 'sr-only' : 'text-sm'}>
        {t('language.label')}
      </label>
      <select
        id={selectId}
        name="language"
        defaultValue={language}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          // A change made by keys that only move through the options waits for Enter.
          if (browsing.current) browsing.current = false;
          else apply(event.currentTarget);
        }}
        title={compact ? t('language.choose') : undefined}
        className="bg-base-100 border-base-300 rounded-lg border px-1 py-1 text-sm"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={`btn btn-sm ${WITHOUT_SCRIPTS}`}>
        {t('language.apply')}
      </button>
    </form>
  );
}

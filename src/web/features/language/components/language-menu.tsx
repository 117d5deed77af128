import { useId } from '../../../ui/use-id.js';
import { LANGUAGE_NAMES, LANGUAGE_PATH, LANGUAGES } from '../../../../shared/i18n/languages.js';
import { useLocale } from '../../../lib/i18n.js';

export interface LanguageMenuProps {
  /** Where the form sends the browser back to (the current path and query). */
  returnTo?: string;
  /** The label for screen readers only (the header on wide screens). */
  compact?: boolean;
}

/**
 * The language choice: a form that posts to /language (the server keeps the choice in the
 * `lang` cookie and sends the browser back to `returnTo`, rendered in the new language), the
 * same with or without JavaScript (decision 0037: a language change reloads the page, so every
 * text, the catalog's included, comes in the new language). Each language is named in itself,
 * marked with its own `lang`. The choice applies with the button, not on change: moving through
 * the list with the arrow keys must not leave the page (WCAG 3.2.2).
 */
export function LanguageMenu({ returnTo = '/', compact = false }: LanguageMenuProps) {
  const { language, t } = useLocale();
  const selectId = useId();
  return (
    <form method="post" action={LANGUAGE_PATH} className="flex items-center gap-2">
      <label htmlFor={selectId} className={compact ? 'sr-only' : 'text-sm'}>
        {t('language.label')}
      </label>
      <select
        id={selectId}
        name="language"
        defaultValue={language}
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
      <button type="submit" className="btn btn-sm">
        {t('language.apply')}
      </button>
    </form>
  );
}

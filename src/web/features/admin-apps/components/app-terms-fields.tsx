import { useLocale } from '../../../lib/i18n.js';
import { useId } from '../../../ui/use-id.js';
import type { TermsValues } from '../hooks/use-app-terms.js';

export interface AppTermsFieldsProps {
  terms: {
    values: TermsValues;
    problem: string | null;
    set(change: Partial<TermsValues>): void;
  };
  /** The server's message about `terms` after a refused save. */
  serverError?: string | undefined;
  /** Whether the rules' problem shows (a save was tried). */
  showProblem: boolean;
}

/** The app form's fieldset for the terms of use people accept before requesting access. */
export function AppTermsFields({ terms, serverError, showProblem }: AppTermsFieldsProps) {
  const { t } = useLocale();
  const ids = { kind: useId(), version: useId(), text: useId(), url: useId(), error: useId() };
  const { values, set } = terms;
  const message = serverError ?? (showProblem ? terms.problem : null);
  const described = message ? ids.error : undefined;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('admin.apps.terms.legend')}</legend>
      <div className="flex flex-wrap gap-4">
        {(['none', 'text', 'url'] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-2">
            <input
              type="radio"
              name={ids.kind}
              className="radio radio-sm"
              checked={values.kind === kind}
              onChange={() => set({ kind })}
            />
            {t(`admin.apps.terms.kind.${kind}`)}
          </label>
        ))}
      </div>
      {values.kind !== 'none' && (
        <>
          <label htmlFor={ids.version} className="text-sm">
            {t('admin.apps.terms.version')}
          </label>
          <input
            id={ids.version}
            className="input input-sm w-48"
            value={values.version}
            maxLength={40}
            aria-describedby={described}
            onChange={(event) => set({ version: event.target.value })}
          />
          {values.kind === 'text' ? (
            <>
              <label htmlFor={ids.text} className="text-sm">
                {t('admin.apps.terms.text')}
              </label>
              <textarea
                id={ids.text}
                className="textarea w-full"
                rows={6}
                value={values.text}
                aria-describedby={described}
                onChange={(event) => set({ text: event.target.value })}
              />
            </>
          ) : (
            <>
              <label htmlFor={ids.url} className="text-sm">
                {t('admin.apps.terms.url')}
              </label>
              <input
                id={ids.url}
                type="url"
                className="input input-sm w-full"
                value={values.url}
                aria-describedby={described}
                onChange={(event) => set({ url: event.target.value })}
              />
            </>
          )}
        </>
      )}
      {message && (
        <p id={ids.error} className="text-error text-sm">
          {message}
        </p>
      )}
    </fieldset>
  );
}

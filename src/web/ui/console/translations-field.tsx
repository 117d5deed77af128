import { LANGUAGE_NAMES, LANGUAGES } from '../../../shared/i18n/languages.js';
import { useT } from '../../lib/i18n.js';
import { FORM_LANGUAGE, type TextTranslations } from '../../lib/console/form-texts.js';
import { FormField } from './form-field.js';

/** The languages a text may be translated into in the console's forms. */
const OTHER_LANGUAGES = LANGUAGES.filter((language) => language !== FORM_LANGUAGE);

/**
 * The "Translations" of one text: an input per other language, each marked with its language
 * (`lang`, and `dir="auto"` for right-to-left scripts). Empty ones are not sent.
 */
export function Translations({
  label,
  texts,
  multiline,
  onChange,
  onBlur,
}: {
  label: string;
  texts: TextTranslations;
  multiline?: boolean;
  onChange(texts: TextTranslations): void;
  onBlur(): void;
}) {
  const t = useT();
  const given = OTHER_LANGUAGES.filter((language) => (texts[language] ?? '').trim() !== '');
  return (
    <details className="text-sm" open={given.length > 0 ? true : undefined}>
      <summary className="cursor-pointer">
        {t('admin.translations.summary', { field: label, count: given.length })}
      </summary>
      <div className="flex flex-col gap-2 pt-2">
        <p className="text-base-content/75 text-xs">{t('admin.translations.hint')}</p>
        {OTHER_LANGUAGES.map((language) => (
          <FormField
            key={language}
            label={t('admin.translations.inLanguage', {
              field: label,
              language: LANGUAGE_NAMES[language],
            })}
          >
            {(ids) =>
              multiline ? (
                <textarea
                  {...ids}
                  lang={language}
                  dir="auto"
                  rows={2}
                  value={texts[language] ?? ''}
                  onChange={(event) => onChange({ ...texts, [language]: event.target.value })}
                  onBlur={onBlur}
                  className="textarea textarea-bordered w-full"
                />
              ) : (
                <input
                  {...ids}
                  lang={language}
                  dir="auto"
                  value={texts[language] ?? ''}
                  onChange={(event) => onChange({ ...texts, [language]: event.target.value })}
                  onBlur={onBlur}
                  className="input input-bordered w-full"
                />
              )
            }
          </FormField>
        ))}
      </div>
    </details>
  );
}

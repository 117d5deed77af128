import type { BrandingField } from '../../../../shared/branding/branding-rules.js';
import { FORM_LANGUAGE } from '../../../lib/console/form-texts.js';
import { useT, type Translate } from '../../../lib/i18n.js';
import { FormField } from '../../../ui/console/form-field.js';
import { Translations } from '../../../ui/console/translations-field.js';
import { isTranslatable, type BrandingValues } from '../utils/branding-values.js';

/** Each field's label and hint. */
function fieldTexts(t: Translate): Record<BrandingField, { label: string; hint: string }> {
  return {
    title: {
      label: t('admin.translations.branding.field.title'),
      hint: t('admin.translations.branding.hint.title'),
    },
    subtitle: {
      label: t('admin.translations.branding.field.subtitle'),
      hint: t('admin.translations.branding.hint.subtitle'),
    },
    footer: {
      label: t('admin.translations.branding.field.footer'),
      hint: t('admin.translations.branding.hint.footer'),
    },
    footerLink: {
      label: t('admin.translations.branding.field.footerLink'),
      hint: t('admin.translations.branding.hint.footerLink'),
    },
    accentColor: {
      label: t('admin.translations.branding.field.accentColor'),
      hint: t('admin.translations.branding.hint.accentColor'),
    },
  };
}

/**
 * One field of the branding form: its input (the accent colour with a colour picker beside it)
 * and, for the texts, their translations.
 */
export function BrandingTextField({
  field,
  values,
  error,
  accent,
  onChange,
}: {
  field: BrandingField;
  values: BrandingValues;
  error: string | undefined;
  /** The accent colour typed, when it is one; '' otherwise. */
  accent: string;
  onChange(values: BrandingValues): void;
}) {
  const t = useT();
  const { label, hint } = fieldTexts(t)[field];
  return (
    <div className="flex flex-col gap-2">
      <FormField label={label} hint={hint} error={error}>
        {(ids) =>
          field === 'accentColor' ? (
            <div className="flex items-center gap-2">
              <input
                {...ids}
                className="input input-bordered w-40"
                value={values.accentColor}
                placeholder={t('admin.translations.branding.accentPlaceholder')}
                onChange={(e) => onChange({ ...values, accentColor: e.target.value })}
              />
              <input
                type="color"
                aria-label={t('admin.translations.branding.pickAccent')}
                className="h-9 w-12 cursor-pointer"
                value={accent || '#4f46e5'}
                onChange={(e) => onChange({ ...values, accentColor: e.target.value })}
              />
            </div>
          ) : (
            <input
              {...ids}
              {...(isTranslatable(field) ? { lang: FORM_LANGUAGE, dir: 'auto' } : {})}
              className="input input-bordered w-full"
              type={field === 'footerLink' ? 'url' : 'text'}
              value={values[field]}
              onChange={(e) => onChange({ ...values, [field]: e.target.value })}
            />
          )
        }
      </FormField>
      {isTranslatable(field) && (
        <Translations
          label={label}
          texts={values.translations[field]}
          onChange={(texts) =>
            onChange({ ...values, translations: { ...values.translations, [field]: texts } })
          }
          onBlur={() => undefined}
        />
      )}
    </div>
  );
}

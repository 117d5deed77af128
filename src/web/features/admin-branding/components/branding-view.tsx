import { useT } from '../../../lib/i18n.js';
import { ERROR_TEXT } from '../../../ui/console/form-field.js';
import { useBrandingForm } from '../hooks/use-branding-form.js';
import { BRANDING_FIELDS } from '../utils/branding-values.js';
import { BrandingImages } from './branding-images.js';
import { BrandingPreview } from './branding-preview.js';
import { BrandingTextField } from './branding-text-field.js';

export interface BrandingViewProps {
  onChanged(message: string): void;
  onError(message: string): void;
}

/**
 * The Branding tab: the portal's texts, accent colour, logo and favicon, with a preview. Its
 * state, loading and saving are in hooks/use-branding-form.ts.
 */
export function BrandingView({ onChanged, onError }: BrandingViewProps) {
  const t = useT();
  const { loadError, form } = useBrandingForm({ onChanged, onError });

  if (loadError) return <p className={ERROR_TEXT}>{loadError}</p>;
  if (!form) return <p aria-busy="true">{t('admin.translations.branding.loading')}</p>;

  const { values, errors, busy, accent } = form;
  return (
    <div className="flex flex-col gap-6">
      <form
        className="flex max-w-2xl flex-col gap-4"
        noValidate
        onSubmit={(e) => void form.submit(e)}
      >
        <h2 className="text-lg font-semibold">{t('admin.translations.branding.texts')}</h2>
        {BRANDING_FIELDS.map((field) => (
          <BrandingTextField
            key={field}
            field={field}
            values={values}
            error={errors[field]}
            accent={accent}
            onChange={form.setValues}
          />
        ))}
        <BrandingPreview accent={accent} />
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('admin.translations.branding.save')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={form.undo}>
            {t('admin.translations.branding.undo')}
          </button>
        </div>
      </form>
      <BrandingImages
        portal={form.branding.portal}
        busy={busy}
        onImage={(kind, file) => void form.image(kind, file)}
      />
    </div>
  );
}

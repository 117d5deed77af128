import { useState } from 'react';
import type { AdminBranding } from '../../../../shared/api/branding-schemas.js';
import { LOGO_ACCEPT, logoProblem } from '../../../lib/console/logo-file.js';
import { useT } from '../../../lib/i18n.js';
import { ERROR_TEXT } from '../../../ui/console/form-field.js';
import { useId } from '../../../ui/use-id.js';
import type { BrandingImage } from '../api/branding-api.js';

function ImageField({
  kind,
  url,
  busy,
  onChoose,
  onRemove,
}: {
  kind: BrandingImage;
  url: string | null | undefined;
  busy: boolean;
  onChoose(file: File): void;
  onRemove(): void;
}) {
  const id = useId();
  const t = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const text =
    kind === 'logo'
      ? {
          label: t('admin.translations.branding.logo'),
          current: t('admin.translations.branding.logo.current'),
          builtIn: t('admin.translations.branding.logo.builtIn'),
          choose: t('admin.translations.branding.logo.choose'),
          remove: t('admin.translations.branding.logo.remove'),
        }
      : {
          label: t('admin.translations.branding.favicon'),
          current: t('admin.translations.branding.favicon.current'),
          builtIn: t('admin.translations.branding.favicon.builtIn'),
          choose: t('admin.translations.branding.favicon.choose'),
          remove: t('admin.translations.branding.favicon.remove'),
        };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{text.label}</legend>
      <div className="flex flex-wrap items-center gap-3">
        {url ? (
          <img src={url} alt={text.current} className="size-12 object-contain" />
        ) : (
          <span className="text-base-content/75 text-sm">{text.builtIn}</span>
        )}
        <label htmlFor={id} className="btn btn-sm">
          {text.choose}
        </label>
        <input
          id={id}
          type="file"
          accept={LOGO_ACCEPT}
          className="sr-only"
          disabled={busy}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const reason = logoProblem(file);
            setProblem(reason);
            if (!reason) onChoose(file);
          }}
        />
        {url && (
          <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={onRemove}>
            {text.remove}
          </button>
        )}
      </div>
      {problem && (
        <p id={`${id}-problem`} className={`text-sm ${ERROR_TEXT}`}>
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/** The portal's logo and favicon: each shown, replaced by a chosen file, or removed. */
export function BrandingImages({
  portal,
  busy,
  onImage,
}: {
  portal: AdminBranding['portal'];
  busy: boolean;
  /** A file to upload as the logo or favicon, or null to remove it. */
  onImage(kind: BrandingImage, file: File | null): void;
}) {
  const t = useT();
  return (
    <section className="flex max-w-2xl flex-col gap-4" aria-labelledby="branding-images">
      <h2 id="branding-images" className="text-lg font-semibold">
        {t('admin.translations.branding.images')}
      </h2>
      <p className="text-base-content/75 text-sm">{t('admin.translations.branding.images.hint')}</p>
      <ImageField
        kind="logo"
        url={portal.logoUrl}
        busy={busy}
        onChoose={(file) => onImage('logo', file)}
        onRemove={() => onImage('logo', null)}
      />
      <ImageField
        kind="favicon"
        url={portal.faviconUrl}
        busy={busy}
        onChoose={(file) => onImage('favicon', file)}
        onRemove={() => onImage('favicon', null)}
      />
    </section>
  );
}

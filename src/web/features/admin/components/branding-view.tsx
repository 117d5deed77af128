import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AdminBranding } from '../../../../shared/api/branding-schemas.js';
import {
  checkBrandingChange,
  type BrandingChange,
  type BrandingField,
} from '../../../../shared/branding/branding-rules.js';
import {
  accentPlan,
  describeAdjustments,
  HEX_COLOR,
  type ThemeAccent,
} from '../../../../shared/branding/contrast.js';
import { fieldErrorsOf, messageOf } from '../api/admin-api.js';
import {
  deleteBrandingImage,
  getBranding,
  putBrandingImage,
  updateBranding,
  type BrandingImage,
} from '../api/branding-api.js';
import { LOGO_ACCEPT, logoProblem } from '../utils/logo-file.js';
import { ERROR_TEXT, FormField } from './form-field.js';

type Values = Record<BrandingField, string>;

const LABELS: Record<BrandingField, string> = {
  title: 'Title',
  subtitle: 'Sub-title',
  footer: 'Footer text',
  footerLink: 'Footer link',
  accentColor: 'Accent colour',
};

const HINTS: Record<BrandingField, string> = {
  title: 'Shown in the header and the browser tab. Empty: the configured title.',
  subtitle: 'Under the title in the header.',
  footer: 'The footer line.',
  footerLink: 'An http(s) address the footer line links to; empty for no link.',
  accentColor:
    'Buttons, links and focus rings. Written #rrggbb; empty for the themes’ own colours. A theme where it would miss WCAG AA contrast uses a darker or lighter shade.',
};

const FIELDS: BrandingField[] = ['title', 'subtitle', 'footer', 'footerLink', 'accentColor'];

function valuesOf(branding: AdminBranding): Values {
  const portal = branding.portal;
  return {
    title: portal.title,
    subtitle: portal.subtitle,
    footer: portal.footer,
    footerLink: portal.footerLink ?? '',
    accentColor: portal.accentColor ?? '',
  };
}

/** The change the form makes: changed fields only; an empty title means "the configured one". */
function changeOf(values: Values, current: Values): Record<string, string | null> {
  const change: Record<string, string | null> = {};
  for (const field of FIELDS) {
    if (values[field] === current[field]) continue;
    change[field] = field === 'title' && values.title.trim() === '' ? null : values[field];
  }
  return change;
}

function Preview({ accent, theme }: { accent: ThemeAccent | null; theme: 'light' | 'dark' }) {
  const surface = theme === 'light' ? '#ffffff' : '#1d232a';
  const text = theme === 'light' ? '#18181b' : '#ecf0f6';
  const primary = accent?.primary;
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-base-300 p-3"
      style={{ background: surface, color: text }}
    >
      <p className="text-xs font-medium">{theme === 'light' ? 'Light theme' : 'Dark theme'}</p>
      {primary ? (
        <>
          <span
            className="w-fit rounded px-3 py-1 text-sm font-semibold"
            style={{ background: primary, color: accent.content }}
          >
            Button
          </span>
          <span className="text-sm underline" style={{ color: primary }}>
            A link
          </span>
          <span className="text-xs">
            {primary} · {accent.ratio.toFixed(2)}:1{accent.adjusted ? ' (adjusted)' : ''}
          </span>
        </>
      ) : (
        <span className="text-xs">The theme’s own colours.</span>
      )}
    </div>
  );
}

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
  const [problem, setProblem] = useState<string | null>(null);
  const label = kind === 'logo' ? 'Logo' : 'Favicon';
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap items-center gap-3">
        {url ? (
          <img src={url} alt={`The current ${kind}`} className="size-12 object-contain" />
        ) : (
          <span className="text-base-content/75 text-sm">The built-in {kind}.</span>
        )}
        <label htmlFor={id} className="btn btn-sm">
          Choose a {kind} file…
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
            Remove the {kind}
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

export interface BrandingViewProps {
  onChanged(message: string): void;
  onError(message: string): void;
}

/** The Branding tab: the portal's texts, accent colour, logo and favicon, with a preview. */
export function BrandingView({ onChanged, onError }: BrandingViewProps) {
  const [branding, setBranding] = useState<AdminBranding | null>(null);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const take = (next: AdminBranding) => {
    setBranding(next);
    setValues(valuesOf(next));
  };
  useEffect(() => {
    getBranding().then(take, (error: unknown) =>
      setLoadError(`The branding could not be loaded: ${messageOf(error)}`),
    );
  }, []);

  if (loadError) return <p className={ERROR_TEXT}>{loadError}</p>;
  if (!branding || !values) return <p aria-busy="true">Loading the branding…</p>;

  const current = valuesOf(branding);
  const accent = HEX_COLOR.test(values.accentColor.trim()) ? values.accentColor.trim() : '';
  const plan = accent ? accentPlan(accent) : null;
  const notes = accent ? describeAdjustments(accent) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const change = changeOf(values, current);
    const checked = checkBrandingChange(change);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    if (Object.keys(change).length === 0) {
      onChanged('Nothing to save: the branding is as shown.');
      return;
    }
    setBusy(true);
    try {
      take(await updateBranding(checked.change as BrandingChange));
      onChanged('Saved the branding: every open page shows it within half a minute.');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else onError(`The branding was not saved: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const image = async (kind: BrandingImage, file: File | null) => {
    setBusy(true);
    try {
      take(file ? await putBrandingImage(kind, file) : await deleteBrandingImage(kind));
      onChanged(file ? `Saved the new ${kind}.` : `Removed the ${kind}.`);
    } catch (error) {
      onError(`The ${kind} was not ${file ? 'saved' : 'removed'}: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <form className="flex max-w-2xl flex-col gap-4" noValidate onSubmit={(e) => void submit(e)}>
        <h2 className="text-lg font-semibold">Texts and colour</h2>
        {FIELDS.map((field) => (
          <FormField key={field} label={LABELS[field]} hint={HINTS[field]} error={errors[field]}>
            {(ids) =>
              field === 'accentColor' ? (
                <div className="flex items-center gap-2">
                  <input
                    {...ids}
                    className="input input-bordered w-40"
                    value={values.accentColor}
                    placeholder="#1d4ed8"
                    onChange={(e) => setValues({ ...values, accentColor: e.target.value })}
                  />
                  <input
                    type="color"
                    aria-label="Pick the accent colour"
                    className="h-9 w-12 cursor-pointer"
                    value={accent || '#4f46e5'}
                    onChange={(e) => setValues({ ...values, accentColor: e.target.value })}
                  />
                </div>
              ) : (
                <input
                  {...ids}
                  className="input input-bordered w-full"
                  type={field === 'footerLink' ? 'url' : 'text'}
                  value={values[field]}
                  onChange={(e) => setValues({ ...values, [field]: e.target.value })}
                />
              )
            }
          </FormField>
        ))}
        <section aria-labelledby="branding-preview" className="flex flex-col gap-2">
          <h3 id="branding-preview" className="text-sm font-medium">
            Preview of the accent
          </h3>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Preview accent={plan?.light ?? null} theme="light" />
            <Preview accent={plan?.dark ?? null} theme="dark" />
          </div>
          <div aria-live="polite" className="text-sm">
            {notes.map((note) => (
              <p key={note}>{note}</p>
            ))}
          </div>
        </section>
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save the branding
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy}
            onClick={() => {
              setValues(current);
              setErrors({});
            }}
          >
            Undo changes
          </button>
        </div>
      </form>
      <section className="flex max-w-2xl flex-col gap-4" aria-labelledby="branding-images">
        <h2 id="branding-images" className="text-lg font-semibold">
          Logo and favicon
        </h2>
        <p className="text-base-content/75 text-sm">
          PNG, JPEG, GIF, WebP, AVIF, ICO or SVG, at most 2 MiB; SVGs are cleaned of scripts and
          outside references, as app logos are.
        </p>
        <ImageField
          kind="logo"
          url={branding.portal.logoUrl}
          busy={busy}
          onChoose={(file) => void image('logo', file)}
          onRemove={() => void image('logo', null)}
        />
        <ImageField
          kind="favicon"
          url={branding.portal.faviconUrl}
          busy={busy}
          onChoose={(file) => void image('favicon', file)}
          onRemove={() => void image('favicon', null)}
        />
      </section>
    </div>
  );
}

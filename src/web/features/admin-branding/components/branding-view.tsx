// Longer than 400 lines: the branding form's state and its layout in one component. The way to
// shorten it is a hook for the state and small parts for the layout, as the home page is built.
import { useEffect, useState, type FormEvent } from 'react';
import { useId } from '../../../ui/use-id.js';
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
import {
  isTextMap,
  sameValue,
  type LocalizedText,
} from '../../../../shared/i18n/localized-text.js';
import { useT } from '../../../lib/i18n.js';
import { fieldErrorsOf, messageOf } from '../../../lib/console/admin-errors.js';
import {
  deleteBrandingImage,
  getBranding,
  putBrandingImage,
  updateBranding,
  type BrandingImage,
} from '../api/branding-api.js';
import {
  FORM_LANGUAGE,
  joinText,
  splitText,
  type TextTranslations,
} from '../../../lib/console/form-texts.js';
import { LOGO_ACCEPT, logoProblem } from '../../../lib/console/logo-file.js';
import { ERROR_TEXT, FormField } from '../../../ui/console/form-field.js';
import { Translations } from '../../../ui/console/translations-field.js';

/** The texts that may be given per language (the main input is FORM_LANGUAGE's). */
const TRANSLATABLE = ['title', 'subtitle', 'footer'] as const;
type Translatable = (typeof TRANSLATABLE)[number];
const isTranslatable = (field: BrandingField): field is Translatable =>
  (TRANSLATABLE as readonly string[]).includes(field);

type Values = Record<BrandingField, string> & {
  /** The title, subtitle and footer in other languages, by tag. */
  translations: Record<Translatable, TextTranslations>;
};

const FIELDS: BrandingField[] = ['title', 'subtitle', 'footer', 'footerLink', 'accentColor'];

function valuesOf(branding: AdminBranding): Values {
  const portal = branding.portal;
  // A text set per language: its main language's in the input, the others as translations.
  const text = (field: Translatable) => {
    const set = branding.set[field];
    if (!isTextMap(set)) return { main: portal[field], others: {} };
    const { main, others } = splitText(set);
    return { main: main || portal[field], others };
  };
  const title = text('title');
  const subtitle = text('subtitle');
  const footer = text('footer');
  return {
    title: title.main,
    subtitle: subtitle.main,
    footer: footer.main,
    footerLink: portal.footerLink ?? '',
    accentColor: portal.accentColor ?? '',
    translations: { title: title.others, subtitle: subtitle.others, footer: footer.others },
  };
}

/** A field's value to send: one text, or texts by language when any translation is given. */
function valueOf(values: Values, field: BrandingField): LocalizedText {
  return isTranslatable(field)
    ? joinText(values[field], values.translations[field])
    : values[field];
}

/** The change the form makes: changed fields only; an empty title means "the configured one". */
function changeOf(values: Values, current: Values): Record<string, LocalizedText | null> {
  const change: Record<string, LocalizedText | null> = {};
  for (const field of FIELDS) {
    const value = valueOf(values, field);
    if (sameValue(value, valueOf(current, field))) continue;
    change[field] = field === 'title' && value === '' ? null : value;
  }
  return change;
}

function Preview({ accent, theme }: { accent: ThemeAccent | null; theme: 'light' | 'dark' }) {
  const t = useT();
  const surface = theme === 'light' ? '#ffffff' : '#1d232a';
  const text = theme === 'light' ? '#18181b' : '#ecf0f6';
  const primary = accent?.primary;
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-base-300 p-3"
      style={{ background: surface, color: text }}
    >
      <p className="text-xs font-medium">
        {theme === 'light'
          ? t('admin.translations.branding.preview.light')
          : t('admin.translations.branding.preview.dark')}
      </p>
      {primary ? (
        <>
          <span
            className="w-fit rounded px-3 py-1 text-sm font-semibold"
            style={{ background: primary, color: accent.content }}
          >
            {t('admin.translations.branding.preview.button')}
          </span>
          <span className="text-sm underline" style={{ color: primary }}>
            {t('admin.translations.branding.preview.link')}
          </span>
          <span className="text-xs">
            {accent.adjusted
              ? t('admin.translations.branding.preview.ratioAdjusted', {
                  color: primary,
                  ratio: accent.ratio.toFixed(2),
                })
              : t('admin.translations.branding.preview.ratio', {
                  color: primary,
                  ratio: accent.ratio.toFixed(2),
                })}
          </span>
        </>
      ) : (
        <span className="text-xs">{t('admin.translations.branding.preview.own')}</span>
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

export interface BrandingViewProps {
  onChanged(message: string): void;
  onError(message: string): void;
}

/** The Branding tab: the portal's texts, accent colour, logo and favicon, with a preview. */
export function BrandingView({ onChanged, onError }: BrandingViewProps) {
  const t = useT();
  const labels: Record<BrandingField, string> = {
    title: t('admin.translations.branding.field.title'),
    subtitle: t('admin.translations.branding.field.subtitle'),
    footer: t('admin.translations.branding.field.footer'),
    footerLink: t('admin.translations.branding.field.footerLink'),
    accentColor: t('admin.translations.branding.field.accentColor'),
  };
  const hints: Record<BrandingField, string> = {
    title: t('admin.translations.branding.hint.title'),
    subtitle: t('admin.translations.branding.hint.subtitle'),
    footer: t('admin.translations.branding.hint.footer'),
    footerLink: t('admin.translations.branding.hint.footerLink'),
    accentColor: t('admin.translations.branding.hint.accentColor'),
  };
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
      setLoadError(t('admin.translations.branding.loadFailed', { reason: messageOf(error) })),
    );
    // Once, when the tab opens (`t` is the page's, fixed for its life).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (loadError) return <p className={ERROR_TEXT}>{loadError}</p>;
  if (!branding || !values) {
    return <p aria-busy="true">{t('admin.translations.branding.loading')}</p>;
  }

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
      onChanged(t('admin.translations.branding.nothing'));
      return;
    }
    setBusy(true);
    try {
      take(await updateBranding(checked.change as BrandingChange));
      onChanged(t('admin.translations.branding.saved'));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else onError(t('admin.translations.branding.saveFailed', { reason: messageOf(error) }));
    } finally {
      setBusy(false);
    }
  };

  const image = async (kind: BrandingImage, file: File | null) => {
    setBusy(true);
    try {
      take(file ? await putBrandingImage(kind, file) : await deleteBrandingImage(kind));
      const done = {
        logo: file
          ? t('admin.translations.branding.logo.saved')
          : t('admin.translations.branding.logo.removed'),
        favicon: file
          ? t('admin.translations.branding.favicon.saved')
          : t('admin.translations.branding.favicon.removed'),
      };
      onChanged(done[kind]);
    } catch (error) {
      const reason = messageOf(error);
      const failed = {
        logo: file
          ? t('admin.translations.branding.logo.saveFailed', { reason })
          : t('admin.translations.branding.logo.removeFailed', { reason }),
        favicon: file
          ? t('admin.translations.branding.favicon.saveFailed', { reason })
          : t('admin.translations.branding.favicon.removeFailed', { reason }),
      };
      onError(failed[kind]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <form className="flex max-w-2xl flex-col gap-4" noValidate onSubmit={(e) => void submit(e)}>
        <h2 className="text-lg font-semibold">{t('admin.translations.branding.texts')}</h2>
        {FIELDS.map((field) => (
          <div key={field} className="flex flex-col gap-2">
            <FormField label={labels[field]} hint={hints[field]} error={errors[field]}>
              {(ids) =>
                field === 'accentColor' ? (
                  <div className="flex items-center gap-2">
                    <input
                      {...ids}
                      className="input input-bordered w-40"
                      value={values.accentColor}
                      placeholder={t('admin.translations.branding.accentPlaceholder')}
                      onChange={(e) => setValues({ ...values, accentColor: e.target.value })}
                    />
                    <input
                      type="color"
                      aria-label={t('admin.translations.branding.pickAccent')}
                      className="h-9 w-12 cursor-pointer"
                      value={accent || '#4f46e5'}
                      onChange={(e) => setValues({ ...values, accentColor: e.target.value })}
                    />
                  </div>
                ) : (
                  <input
                    {...ids}
                    {...(isTranslatable(field) ? { lang: FORM_LANGUAGE, dir: 'auto' } : {})}
                    className="input input-bordered w-full"
                    type={field === 'footerLink' ? 'url' : 'text'}
                    value={values[field]}
                    onChange={(e) => setValues({ ...values, [field]: e.target.value })}
                  />
                )
              }
            </FormField>
            {isTranslatable(field) && (
              <Translations
                label={labels[field]}
                texts={values.translations[field]}
                onChange={(texts) =>
                  setValues({ ...values, translations: { ...values.translations, [field]: texts } })
                }
                onBlur={() => undefined}
              />
            )}
          </div>
        ))}
        <section aria-labelledby="branding-preview" className="flex flex-col gap-2">
          <h3 id="branding-preview" className="text-sm font-medium">
            {t('admin.translations.branding.preview')}
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
            {t('admin.translations.branding.save')}
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
            {t('admin.translations.branding.undo')}
          </button>
        </div>
      </form>
      <section className="flex max-w-2xl flex-col gap-4" aria-labelledby="branding-images">
        <h2 id="branding-images" className="text-lg font-semibold">
          {t('admin.translations.branding.images')}
        </h2>
        <p className="text-base-content/75 text-sm">
          {t('admin.translations.branding.images.hint')}
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

import { useEffect, useState, type FormEvent } from 'react';
import type { AdminBranding } from '../../../../shared/api/branding-schemas.js';
import {
  checkBrandingChange,
  type BrandingChange,
} from '../../../../shared/branding/branding-rules.js';
import { HEX_COLOR } from '../../../../shared/branding/contrast.js';
import { fieldErrorsOf, messageOf } from '../../../lib/console/admin-errors.js';
import { useT } from '../../../lib/i18n.js';
import {
  deleteBrandingImage,
  getBranding,
  putBrandingImage,
  updateBranding,
  type BrandingImage,
} from '../api/branding-api.js';
import { changeOf, valuesOf, type BrandingValues } from '../utils/branding-values.js';

/** The branding form once loaded: what it shows, and what it does. */
export interface BrandingForm {
  branding: AdminBranding;
  values: BrandingValues;
  errors: Record<string, string>;
  busy: boolean;
  /** The accent colour typed, when it is one (#rrggbb); '' otherwise. */
  accent: string;
  setValues(values: BrandingValues): void;
  submit(event: FormEvent): Promise<void>;
  /** Uploads the logo or favicon (`file`), or removes it (null). */
  image(kind: BrandingImage, file: File | null): Promise<void>;
  /** Back to the branding as saved. */
  undo(): void;
}

export interface BrandingFormOptions {
  onChanged(message: string): void;
  onError(message: string): void;
}

/**
 * The Branding tab's state: the branding loaded once when the tab opens, the values typed, the
 * fields' errors, and saving the texts and the images. `form` is null until it is loaded (or
 * when loading failed: then `loadError`).
 */
export function useBrandingForm({ onChanged, onError }: BrandingFormOptions): {
  loadError: string | null;
  form: BrandingForm | null;
} {
  const t = useT();
  const [branding, setBranding] = useState<AdminBranding | null>(null);
  const [values, setValues] = useState<BrandingValues | null>(null);
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

  if (loadError || !branding || !values) return { loadError, form: null };

  const current = valuesOf(branding);
  const accent = HEX_COLOR.test(values.accentColor.trim()) ? values.accentColor.trim() : '';

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

  const undo = () => {
    setValues(current);
    setErrors({});
  };

  return {
    loadError,
    form: { branding, values, errors, busy, accent, setValues, submit, image, undo },
  };
}

import type { AdminBranding } from '../../../../shared/api/branding-schemas.js';
import type { BrandingField } from '../../../../shared/branding/branding-rules.js';
import {
  isTextMap,
  sameValue,
  type LocalizedText,
} from '../../../../shared/i18n/localized-text.js';
import { joinText, splitText, type TextTranslations } from '../../../lib/console/form-texts.js';

/** The texts that may be given per language (the main input is FORM_LANGUAGE's). */
const TRANSLATABLE = ['title', 'subtitle', 'footer'] as const;
export type Translatable = (typeof TRANSLATABLE)[number];
export const isTranslatable = (field: BrandingField): field is Translatable =>
  (TRANSLATABLE as readonly string[]).includes(field);

/** What the branding form holds: each field as typed. */
export type BrandingValues = Record<BrandingField, string> & {
  /** The title, subtitle and footer in other languages, by tag. */
  translations: Record<Translatable, TextTranslations>;
};

/** The form's fields, in the order it shows them. */
export const BRANDING_FIELDS: BrandingField[] = [
  'title',
  'subtitle',
  'footer',
  'footerLink',
  'accentColor',
];

export function valuesOf(branding: AdminBranding): BrandingValues {
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
function valueOf(values: BrandingValues, field: BrandingField): LocalizedText {
  return isTranslatable(field)
    ? joinText(values[field], values.translations[field])
    : values[field];
}

/** The change the form makes: changed fields only; an empty title means "the configured one". */
export function changeOf(
  values: BrandingValues,
  current: BrandingValues,
): Record<string, LocalizedText | null> {
  const change: Record<string, LocalizedText | null> = {};
  for (const field of BRANDING_FIELDS) {
    const value = valueOf(values, field);
    if (sameValue(value, valueOf(current, field))) continue;
    change[field] = field === 'title' && value === '' ? null : value;
  }
  return change;
}

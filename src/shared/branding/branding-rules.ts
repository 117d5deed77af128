import { hasControlCharacters } from '../text/control-characters.js';
import { fieldErrors, unknownKey, type FieldErrors } from '../catalog/app-rules.js';
import { checkTextMap, isTextMap, type LocalizedText } from '../i18n/localized-text.js';
import { HEX_COLOR } from './contrast.js';

/** The texts and colour admins set (PATCH /api/admin/portal); the images have their own routes. */
export const BRANDING_FIELDS = [
  'title',
  'subtitle',
  'footer',
  'footerLink',
  'accentColor',
] as const;
export type BrandingField = (typeof BRANDING_FIELDS)[number];

export const BRANDING_LIMITS = {
  title: 80,
  subtitle: 120,
  footer: 200,
  footerLink: 500,
} as const;

/** The branding texts that may be given per language (docs/admin.md). */
export const TRANSLATABLE_BRANDING_FIELDS = ['title', 'subtitle', 'footer'] as const;
export type TranslatableBrandingField = (typeof TRANSLATABLE_BRANDING_FIELDS)[number];

/** The branding's values: a text per language where allowed; null is the configuration's. */
export type BrandingValues = {
  [F in BrandingField]: (F extends TranslatableBrandingField ? LocalizedText : string) | null;
};

/**
 * A change of the branding: a value sets the field, `null` gives it back to the configuration
 * (PORTAL_TITLE, ...). Fields not named are left as they are. The title, subtitle and footer
 * may be one text or texts by language tag.
 */
export type BrandingChange = Partial<BrandingValues>;

/** `''` or an http(s) URL without credentials or control characters, as the footer link must be. */
export function isFooterLink(value: string): boolean {
  if (value === '') return true;
  // The URL parser would percent-encode them; the value as given is what is stored and shown.
  if (hasControlCharacters(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    !/\s/.test(value)
  );
}

function checkText(
  value: string,
  field: 'title' | 'subtitle' | 'footer',
  required: boolean,
): string | undefined {
  const trimmed = value.trim();
  if (required && trimmed === '') return 'must not be empty (send null for the default)';
  if (trimmed.length > BRANDING_LIMITS[field]) {
    return `must be at most ${BRANDING_LIMITS[field]} characters`;
  }
  if (hasControlCharacters(value) || /[\r\n]/.test(value)) {
    return 'must be one line of plain text (no control characters)';
  }
  return undefined;
}

/**
 * Checks a change of the branding texts and colour. Returns the normalised change (trimmed
 * texts, lowercase colour) or one readable message per bad field; unknown fields are refused.
 */
export function checkBrandingChange(body: Record<string, unknown>): {
  change: BrandingChange;
  errors: FieldErrors;
} {
  const errors = fieldErrors();
  const change: BrandingChange = {};
  for (const key of Object.keys(body)) {
    if (!(BRANDING_FIELDS as readonly string[]).includes(key)) {
      errors[key] = unknownKey(key, 'is not a branding field');
    }
  }
  for (const field of BRANDING_FIELDS) {
    if (!Object.hasOwn(body, field) || body[field] === undefined) continue;
    const value = body[field];
    if (value === null) {
      change[field] = null;
      continue;
    }
    if (field === 'title' || field === 'subtitle' || field === 'footer') {
      if (isTextMap(value)) {
        const checked = checkTextMap(value, {
          max: BRANDING_LIMITS[field],
          check: (text) => checkText(text, field, false),
        });
        if (typeof checked === 'string') errors[field] = checked;
        else change[field] = checked;
        continue;
      }
    }
    if (typeof value !== 'string') {
      errors[field] = 'must be text, or null for the default';
      continue;
    }
    let problem: string | undefined;
    let normalised = value.trim();
    if (field === 'footerLink') {
      if (normalised.length > BRANDING_LIMITS.footerLink) {
        problem = `must be at most ${BRANDING_LIMITS.footerLink} characters`;
      } else if (!isFooterLink(normalised)) {
        problem = 'must be an http(s) address, or empty for no link';
      }
    } else if (field === 'accentColor') {
      if (normalised !== '' && !HEX_COLOR.test(normalised)) {
        problem = 'must be a colour written #rrggbb, or empty for the theme’s own';
      }
      normalised = normalised.toLowerCase();
    } else {
      problem = checkText(value, field, field === 'title');
    }
    if (problem) errors[field] = problem;
    else change[field] = normalised;
  }
  return { change, errors };
}

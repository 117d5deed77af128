import { useState } from 'react';
import type { AdminApp } from '../../../../shared/api/admin-schemas.js';
import { checkTerms, type AppTerms } from '../../../../shared/catalog/terms-rules.js';

/** The terms of use as the app form edits them: none, a text or a link, and their version. */
export interface TermsValues {
  kind: 'none' | 'text' | 'url';
  version: string;
  text: string;
  url: string;
}

export function termsValuesOf(terms: AppTerms | null | undefined): TermsValues {
  if (!terms) return { kind: 'none', version: '', text: '', url: '' };
  return {
    kind: terms.url !== undefined ? 'url' : 'text',
    version: terms.version,
    text: terms.text ?? '',
    url: terms.url ?? '',
  };
}

/** The value to send: null for none, else the terms of the kind chosen. */
export function termsOfValues(values: TermsValues): AppTerms | null {
  if (values.kind === 'none') return null;
  return values.kind === 'url'
    ? { version: values.version.trim(), url: values.url.trim() }
    : { version: values.version.trim(), text: values.text };
}

/**
 * The app form's terms of use (docs/access-requests.md, "Terms of use"): the values as typed, the
 * rules' problem (src/shared/catalog/terms-rules.ts, the server's), and what a save sends.
 */
export function useAppTerms(app: AdminApp | undefined) {
  const [values, setValues] = useState<TermsValues>(() => termsValuesOf(app?.terms));
  const checked = checkTerms(termsOfValues(values));
  const problem = typeof checked === 'string' ? checked : null;
  const same = (base: AdminApp) =>
    JSON.stringify(termsOfValues(termsValuesOf(base.terms))) ===
    JSON.stringify(termsOfValues(values));
  return {
    values,
    problem,
    set: (change: Partial<TermsValues>) => setValues((current) => ({ ...current, ...change })),
    reset: (current: AdminApp) => setValues(termsValuesOf(current.terms)),
    /** The change of an existing app: nothing when the terms are as saved. */
    patch: (base: AdminApp): { terms?: AppTerms | null } =>
      same(base) ? {} : { terms: termsOfValues(values) },
    /** A new app's terms: none sends nothing. */
    createBody: (): { terms?: AppTerms } => {
      const terms = termsOfValues(values);
      return terms ? { terms } : {};
    },
  };
}

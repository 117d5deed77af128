import type { AdminApp } from '../../../shared/api/admin-schemas.js';
import { SOURCE_LANGUAGE } from '../../../shared/i18n/languages.js';
import { textIn } from '../../../shared/i18n/localized-text.js';

/**
 * An app's name as the console lists it: given per language, the viewer's language's (else the
 * source language's, else the first given).
 */
export function nameOf(app: Pick<AdminApp, 'name'>, language: string = SOURCE_LANGUAGE): string {
  return textIn(app.name, language, SOURCE_LANGUAGE);
}

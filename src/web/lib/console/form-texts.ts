import { SOURCE_LANGUAGE } from '../../../shared/i18n/languages.js';
import { isTextMap, type LocalizedText } from '../../../shared/i18n/localized-text.js';

/** Texts by language tag, as typed (empty ones are not sent). */
export type TextTranslations = Readonly<Record<string, string>>;

/**
 * The language of a console form's main text inputs (an app's name and description, the
 * branding's texts, a notice's): the portal's source language. The other languages' texts are the
 * "Translations" (the app form's `nameTexts`, `descriptionTexts`).
 */
export const FORM_LANGUAGE = SOURCE_LANGUAGE;

/** A text as the form edits it: the main language's, and the others by tag. */
export function splitText(text: LocalizedText): { main: string; others: TextTranslations } {
  if (!isTextMap(text)) return { main: text, others: {} };
  const { [FORM_LANGUAGE]: main = '', ...others } = text;
  return { main, others };
}

/**
 * The text to send: the main input alone as a string when no other language is given (as
 * before), otherwise a map with the main text under FORM_LANGUAGE and each non-empty translation.
 */
export function joinText(main: string, others: TextTranslations): LocalizedText {
  const given = Object.entries(others).filter(([, text]) => text.trim() !== '');
  if (given.length === 0) return main;
  return Object.fromEntries([
    ...(main.trim() !== '' ? [[FORM_LANGUAGE, main] as const] : []),
    ...given,
  ]);
}

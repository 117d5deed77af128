import type { Messages } from '@lingui/core';
import { messagesPath, type MessageNamespace } from '../../shared/i18n/languages.js';
import type { Locale } from './i18n.js';

// A module of its own: only lazily loaded screens (the admin console) need it, so the home page
// does not carry it.

const loaded = new WeakMap<Locale, Set<MessageNamespace>>();

/**
 * Loads one more namespace's messages for the locale's language (GET /api/messages/…), once;
 * components rendered after it resolves see them. A failure rejects (the caller shows it).
 */
export async function loadNamespace(locale: Locale, namespace: MessageNamespace): Promise<void> {
  let done = loaded.get(locale);
  if (!done) loaded.set(locale, (done = new Set()));
  if (done.has(namespace)) return;
  const response = await fetch(messagesPath(locale.language, namespace), {
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`Could not load the ${namespace} texts (${response.status}).`);
  locale.load((await response.json()) as Messages);
  done.add(namespace);
}

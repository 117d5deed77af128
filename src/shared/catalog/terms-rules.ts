/**
 * The rules of an app's terms of use (docs/access-requests.md, "Terms of use"): a version people
 * accept, and the terms themselves as plain text or as a link. Part of the app's rules
 * (app-rules.ts); the access request names the version accepted.
 */
import { hasControlCharacters } from '../text/control-characters.js';
import { isWebUrl } from './url.js';

/**
 * An app's terms of use; the same shape as `AppTermsSchema` in src/shared/api/access-schemas.ts,
 * written here without TypeBox. Exactly one of `text` and `url`.
 */
export interface AppTerms {
  version: string;
  text?: string;
  url?: string;
}

export const TERMS_LIMITS = { version: 40, text: 20_000, url: 2048 } as const;
/** A version: letters, digits, `.`, `_`, `-` (`2026-11`, `v2.1`). */
export const TERMS_VERSION_PATTERN = '^[A-Za-z0-9._-]{1,40}$';
const VERSION = new RegExp(TERMS_VERSION_PATTERN);
const TERMS_KEYS = ['version', 'text', 'url'];

/**
 * An app's `terms`: null (none), or `{ version, text }` / `{ version, url }`. Returns the cleaned
 * value (text and url trimmed) or the message of the first problem, naming the sub-field.
 */
export function checkTerms(value: unknown): AppTerms | null | string {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    return 'must be null or an object { version, text } or { version, url }';
  }
  const raw = value as Record<string, unknown>;
  const unknown = Object.keys(raw).find((key) => !TERMS_KEYS.includes(key));
  if (unknown !== undefined) return `has an unknown field ${JSON.stringify(unknown.slice(0, 40))}`;
  if (typeof raw.version !== 'string' || !VERSION.test(raw.version)) {
    return 'version must be 1 to 40 letters, digits, ".", "_" or "-" (like "2026-11")';
  }
  const text = typeof raw.text === 'string' ? raw.text.trim() : raw.text;
  const url = typeof raw.url === 'string' ? raw.url.trim() : raw.url;
  const hasText = text !== undefined && text !== '';
  const hasUrl = url !== undefined && url !== '';
  if (hasText === hasUrl) return 'needs exactly one of text and url';
  if (hasText) {
    if (typeof text !== 'string') return 'text must be plain text';
    if (text.length > TERMS_LIMITS.text) {
      return `text must be at most ${TERMS_LIMITS.text} characters`;
    }
    if (hasControlCharacters(text, { multiline: true })) {
      return 'text must be plain text (no control characters)';
    }
    return { version: raw.version, text };
  }
  if (typeof url !== 'string' || url.length > TERMS_LIMITS.url || !isWebUrl(url)) {
    return `url must be an http(s) URL (got ${JSON.stringify(String(url).slice(0, 80))})`;
  }
  return { version: raw.version, url };
}

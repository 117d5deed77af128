import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parse } from '@messageformat/parser';
import { jsonForScript } from '../../shared/api/page-schemas.js';
import {
  LANGUAGES,
  MESSAGE_NAMESPACES,
  PAGE_NAMESPACES,
  pageMessagesPath,
  SOURCE_LANGUAGE,
  type Language,
  type MessageNamespace,
} from '../../shared/i18n/languages.js';

/**
 * The catalogs' folder, locales/ at the repository's root: found from this file in both
 * src/server/i18n (tests, development) and dist/server/i18n (built); the image copies it too.
 */
export const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../../../locales/', import.meta.url));

/** One catalog as translators write it: message id to ICU MessageFormat text. */
export type SourceCatalog = Record<string, string>;

/** Reads one catalog file; anything but a flat object of strings is an error naming the file. */
export function readCatalog(dir: string, language: Language, namespace: MessageNamespace) {
  const file = join(dir, language, `${namespace}.json`);
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file}: a catalog is one JSON object of message ids to texts`);
  }
  for (const [id, text] of Object.entries(parsed)) {
    if (typeof text !== 'string') throw new Error(`${file}: "${id}" is not a string`);
  }
  return parsed as SourceCatalog;
}

/** Compiles ICU texts for Lingui's runtime (which then needs no parser); errors name the id. */
export function compileCatalog(catalog: SourceCatalog, where: string): Messages {
  const compiled: Messages = {};
  for (const [id, text] of Object.entries(catalog)) {
    try {
      // The compiler logs a syntax error and keeps the raw text; the parser throws it.
      parse(text);
      compiled[id] = compileMessage(text);
    } catch (error) {
      throw new Error(`${where}: "${id}" is not a valid ICU message: ${(error as Error).message}`);
    }
  }
  return compiled;
}

export interface Catalogs {
  /** The ICU texts of one catalog, as written. */
  source(language: Language, namespace: MessageNamespace): SourceCatalog;
  /**
   * The compiled messages of these namespaces for a language, English filling any gap (the
   * key-parity test keeps gaps out of the repository). The same object on every call.
   */
  compiled(language: Language, namespaces: readonly MessageNamespace[]): Messages;
  /**
   * Compiled messages as JSON (for the page and GET /api/messages), made once per key; safe in
   * a `<script type="application/json">` block (jsonForScript).
   */
  json(language: Language, namespaces: readonly MessageNamespace[]): string;
  /**
   * The hash of that JSON (16 base64url characters), made once per key: it names the version
   * of the messages in the page's URL for them (pageMessagesPath), so it changes with any text.
   */
  version(language: Language, namespaces: readonly MessageNamespace[]): string;
}

let shipped: Catalogs | undefined;

/**
 * The shipped catalogs (locales/), read and compiled once per process: they do not change while
 * it runs, and every app built in it (each test builds its own) shares them.
 */
export function shippedCatalogs(): Catalogs {
  return (shipped ??= loadCatalogs());
}

/** Every catalog of every language in `dir`, read and compiled once, at start. */
export function loadCatalogs(dir = DEFAULT_LOCALES_DIR): Catalogs {
  const sources = new Map<string, SourceCatalog>();
  const compiledOne = new Map<string, Messages>();
  for (const language of LANGUAGES) {
    for (const namespace of MESSAGE_NAMESPACES) {
      const catalog = readCatalog(dir, language, namespace);
      sources.set(`${language}/${namespace}`, catalog);
      compiledOne.set(
        `${language}/${namespace}`,
        compileCatalog(catalog, `${language}/${namespace}.json`),
      );
    }
  }
  const merged = new Map<string, Messages>();
  const json = new Map<string, string>();
  const versions = new Map<string, string>();
  const compiled = (language: Language, namespaces: readonly MessageNamespace[]): Messages => {
    const key = `${language}/${namespaces.join(',')}`;
    let messages = merged.get(key);
    if (!messages) {
      messages = {};
      for (const namespace of namespaces) {
        Object.assign(
          messages,
          compiledOne.get(`${SOURCE_LANGUAGE}/${namespace}`),
          compiledOne.get(`${language}/${namespace}`),
        );
      }
      merged.set(key, messages);
    }
    return messages;
  };
  const jsonOf = (language: Language, namespaces: readonly MessageNamespace[]): string => {
    const key = `${language}/${namespaces.join(',')}`;
    let text = json.get(key);
    if (text === undefined) json.set(key, (text = jsonForScript(compiled(language, namespaces))));
    return text;
  };
  return {
    source: (language, namespace) => sources.get(`${language}/${namespace}`) ?? {},
    compiled,
    json: jsonOf,
    version(language, namespaces) {
      const key = `${language}/${namespaces.join(',')}`;
      let version = versions.get(key);
      if (version === undefined) {
        const hash = createHash('sha256').update(jsonOf(language, namespaces));
        versions.set(key, (version = hash.digest('base64url').slice(0, 16)));
      }
      return version;
    },
  };
}

/**
 * Where a page names its language's page messages (GET /api/messages/{language}/page,
 * messages.routes.ts), with the version of the texts this process serves (their hash), so a
 * page kept or revalidated (ETag, 304) always names the messages it was rendered with.
 */
export function pageMessagesUrl(catalogs: Catalogs, language: Language): string {
  return pageMessagesPath(language, catalogs.version(language, PAGE_NAMESPACES));
}

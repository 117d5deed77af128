import { hasControlCharacters } from '../../shared/text/control-characters.js';
import { extname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  checkAppFields,
  DEFAULT_COLLECTION_ID,
  type AppFields,
} from '../../shared/catalog/app-rules.js';
import type { AppLists } from '../../shared/catalog/app-fields.js';
import { checkNetworks, type Network } from '../../shared/network/networks.js';
import { SOURCE_LANGUAGE } from '../../shared/i18n/languages.js';
import { defaultTextOf, isTextMap, type LocalizedText } from '../../shared/i18n/localized-text.js';
import { IMAGE_EXTENSIONS, imageTypeOfExtension } from '../lib/image-types.js';

/** The collection id apps carry unless the catalog says otherwise (used in file URLs). */
export const APPS_COLLECTION_ID = DEFAULT_COLLECTION_ID;

/** One validated app of a catalog file. */
export interface CatalogEntry extends AppFields, Partial<AppLists> {
  /** Absolute path of the logo file, or undefined when the app has none. */
  imagePath: string | undefined;
  /** The bundled icon the logo is made of (`image: icon:<slug>`), or undefined. */
  imageIcon?: string;
}

/** A map's text to name an app by in messages: English, else the first given. */
function textOfMap(map: Readonly<Record<string, unknown>>): unknown {
  return Object.hasOwn(map, SOURCE_LANGUAGE) ? map[SOURCE_LANGUAGE] : Object.values(map)[0];
}

/** An entry's name as messages show it: the source language's, else the first given. */
export function entryLabel(entry: { name: LocalizedText }): string {
  return defaultTextOf(entry.name, SOURCE_LANGUAGE);
}

export class CatalogError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Catalog file ${file} is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CatalogError';
  }
}

/**
 * Parses and validates a catalog file's text (YAML or JSON, `{ apps: [...] }`). Every problem is
 * collected, each naming the app and the field; relative logo paths resolve against `baseDir`.
 */
export function parseCatalog(text: string, file: string, baseDir: string): CatalogEntry[] {
  return parseCatalogFile(text, file, baseDir).entries;
}

/**
 * The same, with the file's `networks:` list (docs/networks.md) when it has one. Whether the
 * apps' addresses name known networks is checked on import, against the stored networks too.
 */
export function parseCatalogFile(
  text: string,
  file: string,
  baseDir: string,
): { entries: CatalogEntry[]; networks?: Network[] } {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new CatalogError(file, [`not valid YAML or JSON: ${(error as Error).message}`]);
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new CatalogError(file, ['the file must hold an object with an "apps" list']);
  }
  // `portal:` is the branding (branding/branding-file.ts reads it); `networks:` the networks.
  const extraTop = Object.keys(document).filter(
    (key) => key !== 'apps' && key !== 'portal' && key !== 'networks',
  );
  const problems: string[] = extraTop.map((key) => `unknown top-level field "${key}"`);
  let networks: Network[] | undefined;
  if (Object.hasOwn(document, 'networks')) {
    const checked = checkNetworks((document as { networks?: unknown }).networks);
    problems.push(...checked.problems.map((problem) => `networks: ${problem}`));
    networks = checked.networks;
  }
  const list = (document as { apps?: unknown }).apps;
  if (!Array.isArray(list)) {
    throw new CatalogError(file, [...problems, '"apps" must be a list of apps']);
  }

  const entries: CatalogEntry[] = [];
  const seen = new Map<string, string>();
  list.forEach((raw: unknown, index) => {
    // The name labels the app's problems unless it is itself one (control characters are never
    // echoed into messages and logs).
    const label = (given?: unknown) => {
      const name = isTextMap(given) ? textOfMap(given) : given;
      return typeof name === 'string' && name.trim() !== '' && !hasControlCharacters(name.trim())
        ? `app ${index + 1} "${name.trim()}"`
        : `app ${index + 1}`;
    };
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push(`${label()}: must be an object`);
      return;
    }
    const app = raw as Record<string, unknown>;
    const where = label(app.name);
    const before = problems.length;
    const fail = (field: string, message: string) =>
      problems.push(`${where}: field "${field}" ${message}`);
    const { fields, errors } = checkAppFields(app, { extraFields: ['image'] });
    for (const [field, message] of Object.entries(errors)) fail(field, message);

    const id = fields.id ?? '';
    if (id !== '') {
      const previous = seen.get(id);
      if (previous !== undefined) fail('id', `"${id}" is already used by ${previous}`);
      else seen.set(id, where);
    }

    let imagePath: string | undefined;
    let imageIcon: string | undefined;
    const image = typeof app.image === 'string' ? app.image.trim() : '';
    if (app.image !== undefined && app.image !== null && typeof app.image !== 'string') {
      fail('image', 'must be text');
    } else if (image !== '') {
      // `icon:<slug>`: an icon of the bundled set (the reader looks it up, catalog-transfer.ts).
      const icon = /^icon:/i.test(image) ? image.slice('icon:'.length).trim() : undefined;
      if (icon === '') {
        fail('image', 'must name an icon after "icon:", as the icon picker shows it');
      } else if (icon !== undefined) {
        imageIcon = icon;
      } else if (/^[a-z][a-z0-9+.-]*:/i.test(image) || isAbsolute(image)) {
        fail('image', 'must be a path relative to the catalog file, or icon:<name>');
      } else if (imageTypeOfExtension(extname(image)) === undefined) {
        fail('image', `must be an image file (${IMAGE_EXTENSIONS.join(', ')})`);
      } else {
        imagePath = resolve(baseDir, image);
      }
    }

    const entry: CatalogEntry = {
      ...(fields as AppFields & Partial<AppLists>),
      imagePath,
      ...(imageIcon !== undefined ? { imageIcon } : {}),
    };
    if (problems.length === before) entries.push(entry);
  });

  if (problems.length > 0) throw new CatalogError(file, problems);
  return networks ? { entries, networks } : { entries };
}

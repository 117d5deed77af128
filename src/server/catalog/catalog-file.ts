import { extname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  ENVIRONMENTS,
  isEnvironment,
  type Environment,
} from '../../shared/catalog/environments.js';
import { normalizeGroup } from '../../shared/identity/groups.js';
import { APP_ID_PATTERN } from '../../shared/api/schemas.js';

/** The collection id apps carry unless the catalog says otherwise (used in file URLs). */
export const APPS_COLLECTION_ID = 'apps';

export const LOGO_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp', '.avif', '.ico'];

/** One validated app of a catalog file. */
export interface CatalogEntry {
  id: string;
  name: string;
  description: string;
  /** Absolute path of the logo file, or undefined when the app has none. */
  imagePath: string | undefined;
  doc: string;
  github: string;
  env: Environment;
  category: string;
  link: string;
  isPublic: boolean;
  associatedGroups: string[];
  collectionId: string;
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

const FIELDS = [
  'id',
  'name',
  'description',
  'image',
  'doc',
  'github',
  'env',
  'category',
  'link',
  'isPublic',
  'associatedGroups',
  'collectionId',
] as const;

/** Lowercase, accents and punctuation folded to dashes: "RStudio Server" -> "rstudio-server". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

const idPattern = new RegExp(APP_ID_PATTERN);

/**
 * Parses and validates a catalog file's text (YAML or JSON, `{ apps: [...] }`). Every problem is
 * collected, each naming the app and the field; relative logo paths resolve against `baseDir`.
 */
export function parseCatalog(text: string, file: string, baseDir: string): CatalogEntry[] {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new CatalogError(file, [`not valid YAML or JSON: ${(error as Error).message}`]);
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new CatalogError(file, ['the file must hold an object with an "apps" list']);
  }
  const extraTop = Object.keys(document).filter((key) => key !== 'apps');
  const problems: string[] = extraTop.map((key) => `unknown top-level field "${key}"`);
  const list = (document as { apps?: unknown }).apps;
  if (!Array.isArray(list)) {
    throw new CatalogError(file, [...problems, '"apps" must be a list of apps']);
  }

  const entries: CatalogEntry[] = [];
  const seen = new Map<string, string>();
  list.forEach((raw: unknown, index) => {
    const label = (name?: unknown) =>
      typeof name === 'string' && name.trim() !== ''
        ? `app ${index + 1} "${name.trim()}"`
        : `app ${index + 1}`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push(`${label()}: must be an object`);
      return;
    }
    const app = raw as Record<string, unknown>;
    const where = label(app.name);
    const before = problems.length;
    const fail = (field: string, message: string) =>
      problems.push(`${where}: field "${field}" ${message}`);

    for (const key of Object.keys(app)) {
      if (!(FIELDS as readonly string[]).includes(key)) fail(key, 'is not a known field');
    }

    const optionalText = (field: string): string => {
      const value = app[field];
      if (value === undefined || value === null) return '';
      if (typeof value !== 'string') {
        fail(field, 'must be text');
        return '';
      }
      return value.trim();
    };
    const optionalLink = (field: string): string => {
      const value = optionalText(field);
      if (value === '') return '';
      try {
        const url = new URL(value);
        if (url.protocol === 'http:' || url.protocol === 'https:') return value;
      } catch {
        // reported below
      }
      fail(field, `must be an http(s) URL (got ${JSON.stringify(value)})`);
      return '';
    };

    const name = optionalText('name');
    if (name === '') fail('name', 'is required');

    let id = optionalText('id');
    if (app.id === undefined || app.id === null) {
      id = slugify(name);
      if (name !== '' && id === '') fail('id', 'is missing and cannot be derived from the name');
    } else if (!idPattern.test(id)) {
      fail('id', `must be lowercase letters, digits, "-" or "_" (got ${JSON.stringify(app.id)})`);
    }
    if (id !== '') {
      const previous = seen.get(id);
      if (previous !== undefined) fail('id', `"${id}" is already used by ${previous}`);
      else seen.set(id, where);
    }

    let env: Environment = 'prod';
    if (app.env !== undefined) {
      if (isEnvironment(app.env)) env = app.env;
      else
        fail('env', `must be one of ${ENVIRONMENTS.join(', ')} (got ${JSON.stringify(app.env)})`);
    }

    let isPublic = false;
    if (app.isPublic !== undefined) {
      if (typeof app.isPublic === 'boolean') isPublic = app.isPublic;
      else fail('isPublic', 'must be true or false');
    }

    let associatedGroups: string[] = [];
    if (app.associatedGroups !== undefined && app.associatedGroups !== null) {
      if (
        Array.isArray(app.associatedGroups) &&
        app.associatedGroups.every((group) => typeof group === 'string')
      ) {
        associatedGroups = [
          ...new Set((app.associatedGroups as string[]).map(normalizeGroup).filter(Boolean)),
        ];
      } else {
        fail('associatedGroups', 'must be a list of group names');
      }
    }

    let collectionId = APPS_COLLECTION_ID;
    if (app.collectionId !== undefined) {
      const value = optionalText('collectionId');
      if (idPattern.test(value)) collectionId = value;
      else fail('collectionId', 'must be lowercase letters, digits, "-" or "_"');
    }

    let imagePath: string | undefined;
    const image = optionalText('image');
    if (image !== '') {
      if (/^[a-z][a-z0-9+.-]*:/i.test(image) || isAbsolute(image)) {
        fail('image', 'must be a path relative to the catalog file');
      } else if (!LOGO_EXTENSIONS.includes(extname(image).toLowerCase())) {
        fail('image', `must be an image file (${LOGO_EXTENSIONS.join(', ')})`);
      } else {
        imagePath = resolve(baseDir, image);
      }
    }

    const entry: CatalogEntry = {
      id,
      name,
      description: optionalText('description'),
      imagePath,
      doc: optionalLink('doc'),
      github: optionalLink('github'),
      env,
      category: optionalText('category') || 'apps',
      link: optionalLink('link'),
      isPublic,
      associatedGroups,
      collectionId,
    };
    if (problems.length === before) entries.push(entry);
  });

  if (problems.length > 0) throw new CatalogError(file, problems);
  return entries;
}

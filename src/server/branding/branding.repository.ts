import type { Transaction } from 'kysely';
import type { Actor } from '../../shared/api/admin-schemas.js';
import {
  TRANSLATABLE_BRANDING_FIELDS,
  type BrandingValues,
} from '../../shared/branding/branding-rules.js';
import { defaultTextOf, isTextMap, type TextMap } from '../../shared/i18n/localized-text.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { PortalBrandingRow, PortalImageRow } from './branding.tables.js';

type Q = Db | Transaction<Database>;

/** The portal's images. */
export const PORTAL_IMAGE_KINDS = ['logo', 'favicon'] as const;
export type PortalImageKind = (typeof PORTAL_IMAGE_KINDS)[number];

export const BRANDING_ROW_ID = 'portal';

/** What admins set (null: the configuration's); title, subtitle, footer maybe per language. */
export type BrandingTexts = BrandingValues;

export const NO_TEXTS: BrandingTexts = {
  title: null,
  subtitle: null,
  footer: null,
  footerLink: null,
  accentColor: null,
};

/** What the read side needs of the branding: the row and the images' hashes, no bytes. */
export interface BrandingRecord {
  texts: BrandingTexts;
  version: number;
  updated: string | null;
  updatedBy: string | null;
  images: Partial<
    Record<PortalImageKind, { contentType: string; sha256: string; sizes: string | null }>
  >;
}

/** Data access of the portal's branding: the only place its SQL lives. */
export function createBrandingRepository(db: Db) {
  return {
    async read(q: Q = db): Promise<BrandingRecord> {
      const [row, images] = await Promise.all([
        q
          .selectFrom('portalBranding')
          .selectAll()
          .where('id', '=', BRANDING_ROW_ID)
          .executeTakeFirst(),
        q.selectFrom('portalImages').select(['kind', 'contentType', 'sha256', 'sizes']).execute(),
      ]);
      const record: BrandingRecord = {
        texts: row ? textsOf(row) : { ...NO_TEXTS },
        version: row?.version ?? 0,
        updated: row?.updated ?? null,
        updatedBy: row?.updatedByUsername ?? null,
        images: {},
      };
      for (const image of images) {
        if ((PORTAL_IMAGE_KINDS as readonly string[]).includes(image.kind)) {
          record.images[image.kind as PortalImageKind] = {
            contentType: image.contentType,
            sha256: image.sha256,
            sizes: image.sizes,
          };
        }
      }
      return record;
    },

    async image(kind: PortalImageKind, q: Q = db): Promise<PortalImageRow | undefined> {
      return q.selectFrom('portalImages').selectAll().where('kind', '=', kind).executeTakeFirst();
    },

    /**
     * Writes the texts and moves the version on (every change, images too, calls it). A text
     * given per language keeps `defaultLanguage`'s in its plain column, all of them in `texts`.
     */
    async write(
      trx: Q,
      given: BrandingTexts,
      actor: Actor,
      at: string,
      defaultLanguage = 'en',
    ): Promise<void> {
      const texts = columnsOf(given, defaultLanguage);
      const current = await trx
        .selectFrom('portalBranding')
        .select('version')
        .where('id', '=', BRANDING_ROW_ID)
        .executeTakeFirst();
      const stamp = {
        updated: at,
        updatedBySubject: actor.subject,
        updatedByUsername: actor.username,
      };
      if (current) {
        await trx
          .updateTable('portalBranding')
          .set({ ...texts, ...stamp, version: current.version + 1 })
          .where('id', '=', BRANDING_ROW_ID)
          .execute();
      } else {
        await trx
          .insertInto('portalBranding')
          .values({ id: BRANDING_ROW_ID, ...texts, ...stamp, version: 1 })
          .execute();
      }
    },

    async putImage(
      trx: Q,
      kind: PortalImageKind,
      image: { contentType: string; bytes: Buffer; sha256: string; sizes: string },
      at: string,
    ): Promise<void> {
      await trx.deleteFrom('portalImages').where('kind', '=', kind).execute();
      await trx
        .insertInto('portalImages')
        .values({
          kind,
          contentType: image.contentType,
          bytes: image.bytes,
          sha256: image.sha256,
          sizes: image.sizes,
          updated: at,
        })
        .execute();
    },

    /** Keeps the sizes of an image stored before they were kept, if it is still that image. */
    async setImageSizes(kind: PortalImageKind, sha256: string, sizes: string): Promise<void> {
      await db
        .updateTable('portalImages')
        .set({ sizes })
        .where('kind', '=', kind)
        .where('sha256', '=', sha256)
        .execute();
    },

    async deleteImage(trx: Q, kind: PortalImageKind): Promise<void> {
      await trx.deleteFrom('portalImages').where('kind', '=', kind).execute();
    },
  };
}

/** The branding texts as columns: plain texts, and the ones given per language as JSON. */
function columnsOf(texts: BrandingTexts, defaultLanguage: string) {
  const translated: Record<string, TextMap> = {};
  const plain = (field: (typeof TRANSLATABLE_BRANDING_FIELDS)[number]) => {
    const value = texts[field];
    if (value === null || typeof value === 'string') return value;
    translated[field] = value;
    return defaultTextOf(value, defaultLanguage);
  };
  return {
    title: plain('title'),
    subtitle: plain('subtitle'),
    footer: plain('footer'),
    footerLink: texts.footerLink,
    accentColor: texts.accentColor,
    texts: Object.keys(translated).length > 0 ? JSON.stringify(translated) : null,
  };
}

/** The stored texts by field and language; {} when none or unreadable. */
function translationsOf(json: string | null): Record<string, TextMap> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!isTextMap(value)) return {};
    const maps: Record<string, TextMap> = {};
    for (const field of TRANSLATABLE_BRANDING_FIELDS) {
      const map: unknown = (value as Record<string, unknown>)[field];
      if (
        isTextMap(map) &&
        Object.keys(map).length > 0 &&
        Object.values(map).every((text) => typeof text === 'string')
      ) {
        maps[field] = map as TextMap;
      }
    }
    return maps;
  } catch {
    return {};
  }
}

function textsOf(row: PortalBrandingRow): BrandingTexts {
  const maps = translationsOf(row.texts);
  // A map only stands where the plain column is set (null: the configuration's text).
  const text = (field: (typeof TRANSLATABLE_BRANDING_FIELDS)[number]) =>
    row[field] === null ? null : (maps[field] ?? row[field]);
  return {
    title: text('title'),
    subtitle: text('subtitle'),
    footer: text('footer'),
    footerLink: row.footerLink,
    accentColor: row.accentColor,
  };
}

export type BrandingRepository = ReturnType<typeof createBrandingRepository>;

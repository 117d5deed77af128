import type { Selectable } from 'kysely';

/**
 * The branding admins set (decision 0028): one row, id `portal`. A null text is the
 * configuration's default (PORTAL_TITLE, ...); `version` grows with every change, images too.
 */
export interface PortalBrandingTable {
  id: string;
  title: string | null;
  subtitle: string | null;
  footer: string | null;
  /**
   * The title, subtitle and footer by language tag as JSON (`{"title": {"en": ..., "de": ...}}`)
   * for those given per language (migration 0015); null when none is. Their plain columns keep
   * the default language's text.
   */
  texts: string | null;
  footerLink: string | null;
  accentColor: string | null;
  version: number;
  updated: string;
  updatedBySubject: string;
  updatedByUsername: string;
}

/** The portal's logo and favicon, checked like app logos (files/logo-files.ts). */
export interface PortalImagesTable {
  kind: string;
  contentType: string;
  bytes: Buffer;
  /** Hex SHA-256 of the bytes: the ETag and part of the file name. */
  sha256: string;
  /** The manifest's `sizes` ("16x16 32x32", "any"); null for images stored before it was kept. */
  sizes: string | null;
  updated: string;
}

export type PortalBrandingRow = Selectable<PortalBrandingTable>;
export type PortalImageRow = Selectable<PortalImagesTable>;

/** This feature's tables in the database's type (src/server/db/schema.ts). */
declare module '../db/schema.js' {
  interface Database {
    portalBranding: PortalBrandingTable;
    portalImages: PortalImagesTable;
  }
}

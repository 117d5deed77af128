import type { Actor, ImportResult } from '../../shared/api/admin-schemas.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import type { BrandingRepository } from '../branding/branding.repository.js';
import type { PortalBrandingService } from '../branding/portal-branding.service.js';
import type { AdminRepository } from './admin.repository.js';
import { importCatalog, type ImportNetworks } from './catalog-import.js';
import type { CatalogReader } from './catalog-reader.js';
import { exportCatalog, zipExport } from './catalog-transfer.js';

/**
 * The catalog as a file, both ways (docs/catalog.md): export as YAML or a .zip with logos, and
 * import (compare, then apply in one transaction) from the admin API and the CLI alike.
 */
export function createCatalogTransferService(deps: {
  admin: AdminRepository;
  apps: AppsRepository;
  clock: () => string;
  /** Reads uploads off the event loop (catalog-reader.ts). */
  reader: Pick<CatalogReader, 'upload'>;
  /** The branding: exported as the file's `portal:` section, and applied from it on import. */
  branding?: { repository: BrandingRepository; service: PortalBrandingService };
  /** DEFAULT_LANGUAGE, for the plain columns of texts given per language. */
  defaultLanguage?: string;
  /** The networks: exported as the file's `networks:` list, and added or changed from it. */
  networks?: ImportNetworks;
  /** Told after an import changed the networks (the visitor's network reads them again). */
  networksChanged?: () => void;
}) {
  return {
    /** The catalog file's text; with `logos`, a .zip with catalog.yaml and logos/. */
    async export(options: { logos: boolean }): Promise<{ yaml: string; zip?: Uint8Array }> {
      const { yaml, files } = await exportCatalog(
        deps.admin,
        options,
        deps.branding?.repository,
        deps.networks,
      );
      return options.logos ? { yaml, zip: zipExport(yaml, files) } : { yaml };
    },

    /** Reads and applies (or, dryRun, only compares) an upload; a bad file is a CatalogError. */
    async import(
      upload: string | Uint8Array,
      name: string,
      options: { dryRun: boolean; prune: boolean; actor: Actor },
    ): Promise<ImportResult> {
      const input = await deps.reader.upload(upload, name);
      const result = await importCatalog(deps, input, {
        ...options,
        managedBy: 'portal',
        source: name,
        ...(deps.defaultLanguage ? { defaultLanguage: deps.defaultLanguage } : {}),
      });
      // The `portal:` section: applied after the apps, audited as a branding change of its own.
      if (!options.dryRun && input.portal && deps.branding) {
        await deps.branding.service.applySection(options.actor, input.portal);
      }
      if (!options.dryRun && result.networks) deps.networksChanged?.();
      return result;
    },
  };
}

export type CatalogTransferService = ReturnType<typeof createCatalogTransferService>;

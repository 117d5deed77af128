import type { AppsRepository } from '../catalog/apps.repository.js';
import type { AdminRepository } from './admin.repository.js';
import type { BrandingRepository } from '../branding/branding.repository.js';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import type { FileStorage } from '../files/file-storage.js';
import { importStoredLogos } from '../files/legacy-logos.js';
import { DEMO_CATALOG_FILE, loadCatalogFile } from './catalog-loader.js';
import { createCatalogReader, type CatalogReader } from './catalog-reader.js';
import type { ImportNetworks } from './catalog-import.js';

/**
 * The catalog's start-up work, in order: logos of the old file storage into the database, the
 * trash purged of apps deleted more than 30 days ago, then CATALOG_FILE applied if its content
 * changed since last time (decision 0006), or the demo catalog loaded into an empty portal.
 */
export async function prepareCatalog(deps: {
  config: Pick<Config, 'catalogFile' | 'demoCatalog'> & Partial<Pick<Config, 'defaultLanguage'>>;
  db: Db;
  storage: FileStorage;
  apps: AppsRepository;
  admin: AdminRepository;
  /** Where the file's `portal:` section goes (decision 0034). */
  branding: BrandingRepository;
  /** Where the file's `networks:` list goes (docs/networks.md). */
  networks?: ImportNetworks;
  /** Purges the trash of apps deleted more than 30 days ago (admin.service.ts). */
  purgeExpired: () => Promise<number>;
  log: (message: string) => void;
}): Promise<void> {
  const { db, log } = deps;
  const imported = await importStoredLogos(db, deps.storage, log);
  if (imported > 0) log(`Moved ${imported} logo(s) from file storage into the database.`);
  const purged = await deps.purgeExpired();
  if (purged > 0) log(`Purged ${purged} app(s) deleted more than 30 days ago.`);

  // The file is read in a worker thread with a time limit, like an import through the API.
  const reader = createCatalogReader();
  try {
    await loadCatalogFiles(deps, reader);
  } finally {
    await reader.close();
  }
}

async function loadCatalogFiles(
  deps: Parameters<typeof prepareCatalog>[0],
  reader: CatalogReader,
): Promise<void> {
  const { config, apps, admin, log } = deps;
  if (config.catalogFile) {
    const result = await loadCatalogFile(config.catalogFile, {
      admin,
      apps,
      branding: deps.branding,
      ...(deps.networks ? { networks: deps.networks } : {}),
      read: reader.file,
      ...(config.defaultLanguage ? { defaultLanguage: config.defaultLanguage } : {}),
    });
    const branded = result.portal
      ? `, branding changed (${Object.keys(result.portal.after).join(', ')})`
      : '';
    log(
      result.changedSinceLastApplied
        ? `Catalog ${config.catalogFile}: ${result.add.length} app(s) added, ${result.change.length} changed${branded}.`
        : `Catalog ${config.catalogFile} is unchanged since it was last applied; not applied again.`,
    );
  } else if (config.demoCatalog && (await apps.count()) === 0) {
    const result = await loadCatalogFile(DEMO_CATALOG_FILE, {
      admin,
      apps,
      remember: false,
      managedBy: 'portal',
      branding: deps.branding,
      read: reader.file,
      ...(config.defaultLanguage ? { defaultLanguage: config.defaultLanguage } : {}),
      actor: { subject: 'demo-catalog', username: 'demo-catalog' },
    });
    log(`Loaded the demo catalog (${result.add.length} apps). Set DEMO_CATALOG=false to skip it.`);
  }
}

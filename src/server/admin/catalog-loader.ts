import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Actor, ImportResult, ManagedBy } from '../../shared/api/admin-schemas.js';
import { inTransaction } from '../audit/unit-of-work.js';
import type { AdminRepository, AppSnapshot } from './admin.repository.js';
import { importCatalog, type ImportNetworks } from './catalog-import.js';
import type { Network } from '../../shared/network/networks.js';
import { entrySnapshot, readCatalogUpload, type CatalogInput } from './catalog-transfer.js';
import { MAX_LOGO_BYTES } from '../files/logo-files.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { CatalogError } from '../catalog/catalog-file.js';
import type { BrandingRepository } from '../branding/branding.repository.js';
import {
  applyPortalSection,
  portalBaselineOf,
  type PortalBaseline,
  type PortalSectionChange,
} from '../branding/branding-file.js';

/** The demo catalog shipped with the portal (data, not code: it sits at the repository root). */
export const DEMO_CATALOG_FILE = fileURLToPath(
  new URL('../../../catalog/demo/catalog.yaml', import.meta.url),
);

/** Who CATALOG_FILE changes are audited as. */
export const CATALOG_FILE_ACTOR: Actor = { subject: 'catalog-file', username: 'catalog-file' };

const FINGERPRINT_KEY = 'catalogFile.fingerprint';
const BASELINE_KEY = 'catalogFile.applied';
/** The `portal:` section as last applied (decision 0034). */
const PORTAL_BASELINE_KEY = 'catalogFile.portal';
/** The `networks:` list as last applied (docs/networks.md). */
const NETWORKS_BASELINE_KEY = 'catalogFile.networks';

/** Reads a catalog file and the logos it names from disk; every problem is a CatalogError. */
export async function readCatalogFile(file: string): Promise<CatalogInput & { text: string }> {
  const path = resolve(file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CatalogError(file, [
      `cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}`,
    ]);
  }
  const input = await readCatalogUpload(text, file, {
    baseDir: dirname(path),
    readLogo: async (logoPath) => {
      const info = await stat(logoPath).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      if (info.size > MAX_LOGO_BYTES) return Buffer.alloc(MAX_LOGO_BYTES + 1);
      return readFile(logoPath);
    },
  });
  return { ...input, text };
}

function fingerprintOf(input: CatalogInput & { text: string }): string {
  const hash = createHash('sha256').update(input.text);
  for (const [id, logo] of [...input.logos].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`\n${id}:${logo.sha256}`);
  }
  // Only files with a section hash more: the fingerprint of every other file stays as it was.
  if (input.portal) {
    hash.update('\nportal');
    for (const [kind, image] of Object.entries(input.portal.images).sort(([a], [b]) =>
      a.localeCompare(b),
    )) {
      hash.update(`\n${kind}:${image.sha256}`);
    }
  }
  return hash.digest('hex');
}

export interface LoadResult extends ImportResult {
  /** False when the file had not changed since it was last applied (nothing was compared). */
  changedSinceLastApplied: boolean;
  /** What the file's `portal:` section changed of the branding, if anything. */
  portal?: PortalSectionChange;
}

/**
 * Applies a catalog file at start-up (decision 0006): only when its content (text and logos)
 * changed since it was last applied; then only what changed in the file since then, so edits
 * made in the console to other fields survive. Nothing is deleted. Audited as `catalog-file`;
 * its apps are marked `managedBy: catalog-file`. The `portal:` section follows the same rule
 * (decision 0034): only the branding fields and images the file changed since it was last
 * applied are written, after the apps. `remember: false` (the demo catalog) applies the whole
 * file and remembers nothing.
 */
export async function loadCatalogFile(
  file: string,
  deps: {
    admin: AdminRepository;
    apps: AppsRepository;
    clock?: () => string;
    actor?: Actor;
    managedBy?: ManagedBy;
    remember?: boolean;
    /** Where the `portal:` section goes; without it a section is read (checked) but not applied. */
    branding?: BrandingRepository;
    /** Reads the file; the server's start-up does it in a worker thread (catalog-reader.ts). */
    read?: (file: string) => Promise<CatalogInput & { text: string }>;
    /** DEFAULT_LANGUAGE, for the plain columns of texts given per language. */
    defaultLanguage?: string;
    /** Where the `networks:` list goes; without it the list is read (checked) but not applied. */
    networks?: ImportNetworks;
  },
): Promise<LoadResult> {
  const input = await (deps.read ?? readCatalogFile)(file);
  const { admin } = deps;
  const remember = deps.remember ?? true;
  const fingerprint = fingerprintOf(input);
  if (remember && (await admin.getSetting(FINGERPRINT_KEY)) === fingerprint) {
    return {
      dryRun: false,
      applied: false,
      add: [],
      change: [],
      delete: [],
      unchanged: input.entries.length,
      changedSinceLastApplied: false,
    };
  }
  let baseline: Map<string, AppSnapshot> | undefined;
  const stored = remember ? await admin.getSetting(BASELINE_KEY) : undefined;
  if (stored) baseline = new Map(Object.entries(JSON.parse(stored) as Record<string, AppSnapshot>));
  const clock = deps.clock ?? (() => new Date().toISOString());
  const actor = deps.actor ?? CATALOG_FILE_ACTOR;
  const storedNetworks = remember ? await admin.getSetting(NETWORKS_BASELINE_KEY) : undefined;
  const networksBaseline = storedNetworks
    ? new Map((JSON.parse(storedNetworks) as Network[]).map((network) => [network.id, network]))
    : undefined;
  const networks = deps.networks ? { networks: deps.networks } : {};
  const result = await importCatalog({ admin, apps: deps.apps, clock, ...networks }, input, {
    dryRun: false,
    prune: false,
    actor,
    managedBy: deps.managedBy ?? 'catalog-file',
    baseline,
    source: file,
    ...(networksBaseline ? { networksBaseline } : {}),
    ...(deps.defaultLanguage ? { defaultLanguage: deps.defaultLanguage } : {}),
  });
  let portal: PortalSectionChange | undefined;
  if (input.portal && deps.branding) {
    const storedPortal = remember ? await admin.getSetting(PORTAL_BASELINE_KEY) : undefined;
    const portalBaseline = storedPortal ? (JSON.parse(storedPortal) as PortalBaseline) : undefined;
    portal = await applyPortalSection(
      { repository: deps.branding, db: admin.db, clock },
      actor,
      input.portal,
      portalBaseline,
    );
  }
  if (remember) {
    const applied = Object.fromEntries(
      input.entries.map((entry) => [entry.id, entrySnapshot(entry)]),
    );
    await inTransaction(admin.db, async (trx) => {
      await admin.setSetting(trx, FINGERPRINT_KEY, fingerprint);
      await admin.setSetting(trx, BASELINE_KEY, JSON.stringify(applied));
      if (input.portal && deps.branding) {
        await admin.setSetting(
          trx,
          PORTAL_BASELINE_KEY,
          JSON.stringify(portalBaselineOf(input.portal)),
        );
      }
      if (input.networks && deps.networks) {
        await admin.setSetting(trx, NETWORKS_BASELINE_KEY, JSON.stringify(input.networks));
      }
    });
  }
  return { ...result, changedSinceLastApplied: true, ...(portal ? { portal } : {}) };
}

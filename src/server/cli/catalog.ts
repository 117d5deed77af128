import { readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Actor, ImportResult } from '../../shared/api/admin-schemas.js';
import { importCatalog } from '../admin/catalog-import.js';
import { exportCatalog, isZip, zipExport } from '../admin/catalog-transfer.js';
import { createCatalogReader } from '../admin/catalog-reader.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { createAppsRepository } from '../catalog/apps.repository.js';
import { createBrandingRepository } from '../branding/branding.repository.js';
import { createNetworksRepository } from '../networks/networks.repository.js';
import {
  applyPortalSection,
  planPortalSection,
  type PortalSectionChange,
} from '../branding/branding-file.js';
import { CatalogError } from '../catalog/catalog-file.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { connectDatabase, parseDatabaseUrl, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

export const USAGE = `Usage: npm run catalog -- <command> FILE [options]

  export FILE        Write the catalog to FILE: YAML, or a .zip with the logos when FILE ends in .zip
  diff FILE          Show what importing FILE would change (nothing is written)
  import FILE        Apply FILE to the catalog, all or nothing, audited as "cli:<user>"

Options (diff, import):
  --prune            Also delete (to the trash) the apps FILE does not list
  --json             Print the result as JSON

FILE is a catalog file (docs/catalog.md; logos relative to it) or a .zip from an export. Its
portal: section (the branding) is applied too; an export writes the branding admins set.
The database is the server's: DATABASE_URL, or {DATA_DIR}/portal.db (docs/configuration.md). A running server
sees the changes within a second.`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

function describeResult(result: ImportResult, portal?: PortalSectionChange): string[] {
  const lines: string[] = [];
  if (portal) {
    lines.push('~ branding');
    for (const field of Object.keys(portal.after)) {
      lines.push(
        `    ${field}: ${JSON.stringify(portal.before[field])} -> ${JSON.stringify(portal.after[field])}`,
      );
    }
  }
  for (const id of result.networks?.add ?? []) lines.push(`+ add     network ${id}`);
  for (const id of result.networks?.change ?? []) lines.push(`~ change  network ${id}`);
  for (const app of result.add) lines.push(`+ add     ${app.id} (${app.name})`);
  for (const app of result.change) {
    lines.push(`~ change  ${app.id} (${app.name})`);
    for (const change of app.fields) {
      lines.push(
        `    ${change.field}: ${JSON.stringify(change.before)} -> ${JSON.stringify(change.after)}`,
      );
    }
  }
  for (const app of result.delete) lines.push(`- delete  ${app.id} (${app.name})`);
  lines.push(
    `${result.add.length} to add, ${result.change.length} to change, ${result.delete.length} to delete, ${result.unchanged} unchanged.` +
      (result.applied ? ' Applied.' : result.dryRun ? ' Nothing was written.' : ''),
  );
  return lines;
}

async function readInput(file: string) {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new CatalogError(file, [`cannot be read: ${error.code ?? error.message}`]);
  });
  // Read in a worker thread with the server's time limit, so a file the server would refuse
  // is refused here too.
  const reader = createCatalogReader();
  try {
    if (isZip(bytes)) return await reader.upload(new Uint8Array(bytes), file);
    return await reader.file(file);
  } finally {
    await reader.close();
  }
}

/** Runs one command against the database; returns the process exit code. */
export async function runCatalogCli(
  args: string[],
  deps: {
    db: Db;
    io: CliIo;
    actor?: Actor;
    /** DEFAULT_LANGUAGE: texts given per language keep its text in their plain columns. */
    defaultLanguage?: string;
  },
): Promise<number> {
  const { db, io } = deps;
  const [command, file, ...rest] = args;
  const flags = new Set(rest);
  const unknown = rest.filter((flag) => !['--prune', '--json'].includes(flag));
  if (!command || !file || !['export', 'import', 'diff'].includes(command) || unknown.length) {
    io.err(USAGE);
    return 2;
  }
  // This process's composition root: one repository of each kind on its database.
  const admin = createAdminRepository(db);
  const apps = createAppsRepository(db);
  const branding = createBrandingRepository(db);
  const networks = createNetworksRepository(db);
  try {
    if (command === 'export') {
      const zip = file.toLowerCase().endsWith('.zip');
      const { yaml, files } = await exportCatalog(admin, { logos: zip }, branding, networks);
      await writeFile(file, zip ? zipExport(yaml, files) : yaml);
      io.out(`Exported the catalog to ${file}.`);
      return 0;
    }
    const input = await readInput(file);
    const dryRun = command === 'diff';
    const actor = deps.actor ?? { subject: 'cli', username: `cli:${safeUser()}` };
    const clock = () => new Date().toISOString();
    const result = await importCatalog({ admin, apps, clock, networks }, input, {
      dryRun,
      prune: flags.has('--prune'),
      actor,
      managedBy: 'portal',
      source: file,
      ...(deps.defaultLanguage ? { defaultLanguage: deps.defaultLanguage } : {}),
    });
    // The `portal:` section, as the API's import does it: after the apps, one audited change;
    // the whole section wins (a running server shows it within a second).
    let portal: PortalSectionChange | undefined;
    if (input.portal) {
      portal = dryRun
        ? planPortalSection(await branding.read(), input.portal).change
        : await applyPortalSection({ repository: branding, db, clock }, actor, input.portal);
    }
    if (flags.has('--json'))
      io.out(JSON.stringify(portal ? { ...result, portal } : result, null, 2));
    else for (const line of describeResult(result, portal)) io.out(line);
    return 0;
  } catch (error) {
    if (error instanceof CatalogError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // The server's database: DATABASE_URL, or the SQLite file under DATA_DIR (docs/deploy.md).
  const db = await connectDatabase(parseDatabaseUrl(config.database.url, config.dataDir, 2));
  try {
    await migrateToLatest(db);
    const code = await runCatalogCli(process.argv.slice(2), {
      db,
      io: { out: (line) => console.log(line), err: (line) => console.error(line) },
      defaultLanguage: config.defaultLanguage,
    });
    process.exitCode = code;
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

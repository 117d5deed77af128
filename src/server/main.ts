import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { CatalogError } from './catalog/catalog-file.js';
import { DEMO_CATALOG_FILE, loadCatalogFile } from './catalog/catalog-loader.js';
import { createAppsRepository } from './catalog/apps.repository.js';
import { openDatabase } from './db/database.js';
import { MigrationError, migrateToLatest } from './db/migrate.js';
import { createFileStorage } from './files/file-storage.js';

function version(): string {
  try {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Owns the process: configuration, database, catalog, listening and a graceful close. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const dataDir = resolve(config.dataDir);
  const db = openDatabase(join(dataDir, 'portal.db'));
  await migrateToLatest(db);

  const storage = createFileStorage(join(dataDir, 'storage'));
  const apps = createAppsRepository(db);
  if (config.catalogFile) {
    const result = await loadCatalogFile(config.catalogFile, { apps, storage });
    console.log(
      `Catalog ${config.catalogFile}: ${result.inserted} app(s) added, ${result.updated} updated.`,
    );
  } else if (config.demoCatalog && (await apps.count()) === 0) {
    const result = await loadCatalogFile(DEMO_CATALOG_FILE, { apps, storage });
    console.log(
      `Loaded the demo catalog (${result.inserted} apps). Set DEMO_CATALOG=false to skip it.`,
    );
  }

  const app = await buildApp({
    config,
    db,
    storage,
    version: version(),
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    try {
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(
    `\napp-portal is running at ${config.publicUrl}/ (listening on ${config.host}:${config.port})\n`,
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof CatalogError ||
    error instanceof MigrationError
  ) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('app-portal failed to start:', error);
  }
  process.exit(1);
});

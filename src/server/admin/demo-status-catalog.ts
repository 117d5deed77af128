import type { Config } from '../config/config.js';
import { demoStatusAllowed, type DemoCatalogEntry } from '../monitor/demo/demo-status.js';
import { DEMO_CATALOG_FILE, readCatalogFile } from './catalog-loader.js';

/**
 * The demo catalog file's apps (id and link) the monitor checks the catalog against before it
 * simulates their statuses (decision 0026); undefined when the settings rule the demo status out
 * (`DEMO_STATUS`, `CATALOG_FILE`, `DEMO_CATALOG=false`): then no status is ever simulated.
 */
export async function demoStatusCatalog(
  config: Pick<Config, 'catalogFile' | 'demoCatalog' | 'monitor'>,
): Promise<DemoCatalogEntry[] | undefined> {
  if (!demoStatusAllowed(config)) return undefined;
  const { entries } = await readCatalogFile(DEMO_CATALOG_FILE);
  return entries.map(({ id, link }) => ({ id, link }));
}

/**
 * When the demo catalog's statuses are simulated (decision 0026): only while the whole catalog
 * is the demo catalog as it was loaded, and only for its apps.
 */

/** Who loads the demo catalog (src/server/admin/catalog-startup.ts): its apps' `updatedBy`. */
export const DEMO_CATALOG_ACTOR = 'demo-catalog';
/** The `source` of simulated statuses, and what the API says of them (`simulated: true`). */
export const DEMO_SOURCE = 'demo';

/** An app of the demo catalog file: its id and its link. */
export interface DemoCatalogEntry {
  id: string;
  link: string;
}

/** What the rule reads of each app of the catalog (an apps row has all of it). */
export interface DemoCandidate {
  id: string;
  name: string;
  link: string;
  managedBy: string;
  updatedBy: string;
}

/** The settings the rule depends on (Config has them). */
export interface DemoStatusSettings {
  catalogFile: string | undefined;
  demoCatalog: boolean;
  monitor: { demo: boolean };
}

/**
 * Whether the settings allow simulated statuses at all: `DEMO_STATUS` on (its `auto` is off with
 * Uptime Kuma or a monitor proxy), no `CATALOG_FILE`, and `DEMO_CATALOG` not turned off.
 */
export function demoStatusAllowed(settings: DemoStatusSettings): boolean {
  return settings.monitor.demo && !settings.catalogFile && settings.demoCatalog;
}

/**
 * The apps whose statuses are simulated, by id (with their names), given every app of the
 * catalog outside the trash: all of them when each one is a demo app exactly as the demo
 * catalog loaded it (its id and link those of an entry of the demo file, `managedBy: portal`,
 * last written by `demo-catalog`); none as soon as one is not, or when there are none.
 */
export function simulatedApps(
  apps: readonly DemoCandidate[],
  demoCatalog: readonly DemoCatalogEntry[],
): Map<string, DemoCandidate> {
  const links = new Map(demoCatalog.map((entry) => [entry.id, entry.link]));
  const isDemo = (app: DemoCandidate) =>
    links.get(app.id) === app.link &&
    app.managedBy === 'portal' &&
    app.updatedBy === DEMO_CATALOG_ACTOR;
  if (apps.length === 0 || !apps.every(isDemo)) return new Map();
  return new Map(apps.map((app) => [app.id, app]));
}

/** The demo status's view of the catalog, refreshed by the monitor and on catalog changes. */
export interface DemoStatus {
  /** True while the statuses are simulated. */
  readonly active: boolean;
  /** Moves whenever the simulated apps change. */
  readonly version: number;
  /** The simulated app with this id, when it is one. */
  app(appId: string): DemoCandidate | undefined;
  /** The id of the simulated app with this link, when it is one. */
  appOfLink(link: string): string | undefined;
  /** All simulated apps. */
  apps(): readonly DemoCandidate[];
  /** Reads the catalog again and applies the rule. */
  refresh(): Promise<void>;
}

/**
 * The demo status of one portal: `demoCatalog` is the demo file's apps (main.ts reads it), `apps`
 * the catalog. `refresh()` runs at the start of every monitor cycle and after every catalog
 * write this process hears of (on PostgreSQL, other instances' too: decision 0016).
 */
export function createDemoStatus(deps: {
  demoCatalog: readonly DemoCatalogEntry[];
  apps: {
    findAll(): Promise<readonly DemoCandidate[]>;
    onChange?(listener: () => void): () => void;
  };
}): DemoStatus {
  let simulated = new Map<string, DemoCandidate>();
  let byLink = new Map<string, string>();
  let version = 0;
  let pending: Promise<void> | undefined;
  let again = false;

  async function load(): Promise<void> {
    const next = simulatedApps(await deps.apps.findAll(), deps.demoCatalog);
    const key = (map: Map<string, DemoCandidate>) =>
      [...map.values()].map((app) => `${app.id} ${app.link} ${app.name}`).join('\n');
    if (key(next) === key(simulated)) return;
    simulated = next;
    byLink = new Map([...next.values()].map((app) => [app.link.trim(), app.id]));
    version += 1;
  }

  function refresh(): Promise<void> {
    // One read at a time; a change heard during a read is read again after it.
    if (pending) {
      again = true;
      return pending;
    }
    pending = load().finally(() => {
      pending = undefined;
      if (again) {
        again = false;
        void refresh().catch(() => undefined);
      }
    });
    return pending;
  }

  deps.apps.onChange?.(() => void refresh().catch(() => undefined));

  return {
    get active() {
      return simulated.size > 0;
    },
    get version() {
      return version;
    },
    app: (appId) => simulated.get(appId),
    appOfLink: (link) => byLink.get(link.trim()),
    apps: () => [...simulated.values()],
    refresh,
  };
}

import type { Actor, ImportResult, ManagedBy } from '../../shared/api/admin-schemas.js';
import type { StoredAppField } from '../../shared/catalog/app-rules.js';
import type { Network } from '../../shared/network/networks.js';
import { columnsOf, columnsOfField } from '../catalog/app-fields.js';
import type { AppRecord } from '../catalog/apps.queries.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { CatalogError, entryLabel, type CatalogEntry } from '../catalog/catalog-file.js';
import type { NetworksRepository } from '../networks/networks.repository.js';
import { isUniqueViolation } from '../db/database.js';
import type { CheckedLogo } from '../files/logo-files.js';
import { ConflictError } from '../http/errors.js';
import type { AuditedChange } from '../audit/unit-of-work.js';
import { changeApps } from './app-changes.js';
import type { AdminRepository, AppSnapshot } from './admin.repository.js';
import { changedFields, snapshotOf } from './app-snapshot.js';
import { appFieldsOf, entrySnapshot, withLists, type CatalogInput } from './catalog-transfer.js';
import {
  applyNetworks,
  planNetworks,
  unknownNetworkProblems,
  type NetworksPlan,
} from './catalog-networks.js';

export interface ImportOptions {
  prune: boolean;
  dryRun: boolean;
  actor: Actor;
  managedBy: ManagedBy;
  /**
   * The file as last applied (CATALOG_FILE): only fields that changed since are applied, and
   * apps the file already listed but an admin deleted stay deleted (decision 0006).
   */
  baseline?: Map<string, AppSnapshot>;
  /**
   * DEFAULT_LANGUAGE: a name or description given per language keeps this language's text in
   * its plain column (search, sorting); `en` when not said.
   */
  defaultLanguage?: string;
  /** The file's networks as last applied (CATALOG_FILE), by id: unchanged ones are not written. */
  networksBaseline?: ReadonlyMap<string, Network>;
  /** The file's name, in the message of an address that names an unknown network. */
  source?: string;
}

/** Where the networks are stored; without it a file's `networks:` list is checked, not applied. */
export type ImportNetworks = Pick<NetworksRepository, 'list' | 'replace'>;

/** One app the import writes: what the file says, what is stored, the fields to set. */
interface PlannedApp {
  entry: CatalogEntry;
  record: AppRecord | undefined;
  fields: AppSnapshot;
  logo: CheckedLogo | undefined;
}

/** What an import would do: the answer it gives, and the writes that make it true. */
export interface ImportPlan {
  result: ImportResult;
  apps: PlannedApp[];
  pruned: AppRecord[];
  networks: NetworksPlan;
}

/** Apps per step of a long import: between steps other requests get their turn. */
const APPS_PER_STEP = 100;

/** Lets the event loop serve what is waiting (requests, health checks) before going on. */
function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The plan of one entry: added, changed (which fields), or unchanged (undefined). */
function planEntry(
  entry: CatalogEntry,
  record: AppRecord | undefined,
  existingLogoSha256: string | undefined,
  logo: CheckedLogo | undefined,
  options: ImportOptions,
  result: ImportResult,
): PlannedApp | undefined {
  const wanted = entrySnapshot(entry);
  const baseline = options.baseline?.get(entry.id);
  if (!record || record.deletedAt !== null) {
    // Deleted by an admin since the file last listed it (or gone for good): the deletion wins.
    if (baseline) {
      result.unchanged += 1;
      return undefined;
    }
    result.add.push({ id: entry.id, name: entryLabel(entry) });
    return { entry, record, fields: wanted, logo };
  }
  // With a baseline, only what the file changed since it was last applied; admin edits stay.
  const target = baseline ? changedFields(baseline, wanted).after : wanted;
  const current = appFieldsOf(record);
  const diff = changedFields(
    Object.fromEntries(Object.keys(target).map((key) => [key, current[key]])),
    target,
  );
  const changes = diff.fields.map((field) => ({
    field,
    before: diff.before[field],
    after: diff.after[field],
  }));
  const logoChanged = logo !== undefined && existingLogoSha256 !== logo.sha256;
  if (logoChanged) changes.push({ field: 'image', before: record.image, after: logo.fileName });
  const managedChanged = record.managedBy !== options.managedBy && options.managedBy !== 'portal';
  if (changes.length === 0 && !managedChanged) {
    result.unchanged += 1;
    return undefined;
  }
  if (changes.length > 0)
    result.change.push({ id: entry.id, name: entryLabel(entry), fields: changes });
  else result.unchanged += 1;
  return { entry, record, fields: diff.after, logo: logoChanged ? logo : undefined };
}

/**
 * Compares a catalog with the database: what would be added, changed and deleted. Reads only:
 * the listed apps and their logos' hashes in a few queries, then compares in steps that let
 * other requests in.
 */
export async function planImport(
  admin: AdminRepository,
  input: CatalogInput,
  options: ImportOptions,
  networksRepository?: ImportNetworks,
): Promise<ImportPlan> {
  const result: ImportResult = {
    dryRun: options.dryRun,
    applied: false,
    add: [],
    change: [],
    delete: [],
    unchanged: 0,
  };
  // The networks first: the apps' addresses must name networks stored or added by the file.
  const stored = networksRepository ? await networksRepository.list() : [];
  const networks = planNetworks(stored, input.networks, options.networksBaseline);
  const unknown = unknownNetworkProblems(input.entries, networks.after);
  if (unknown.length > 0) throw new CatalogError(options.source ?? 'catalog', unknown);
  if (networks.add.length > 0 || networks.change.length > 0) {
    result.networks = { add: networks.add, change: networks.change };
  }
  const ids = input.entries.map((entry) => entry.id);
  const records = await admin.findAppsByIds(ids);
  const logoHashes = await admin.logoHashes([...input.logos.keys()]);
  const apps: PlannedApp[] = [];
  const listed = new Set<string>();
  for (const [index, entry] of input.entries.entries()) {
    if (index > 0 && index % APPS_PER_STEP === 0) await yieldToOthers();
    listed.add(entry.id);
    const planned = planEntry(
      entry,
      records.get(entry.id),
      logoHashes.get(entry.id),
      input.logos.get(entry.id),
      options,
      result,
    );
    if (planned) apps.push(planned);
  }
  const pruned: AppRecord[] = [];
  if (options.prune) {
    for (const record of await admin.list(false)) {
      if (listed.has(record.id)) continue;
      pruned.push(record);
      result.delete.push({ id: record.id, name: record.name });
    }
  }
  return { result, apps, pruned, networks };
}

/** Writes one planned app (insert, update or bring back from the trash) and its audit entry. */
async function applyApp(
  admin: AdminRepository,
  { trx, at: now, audit }: AuditedChange,
  { entry, record, fields, logo }: PlannedApp,
  options: ImportOptions,
): Promise<void> {
  const by = options.actor.username;
  const { id: _id, ...row } = columnsOf(withLists(entry), options.defaultLanguage);
  void _id;
  if (!record) {
    await admin.insertApp(
      trx,
      {
        id: entry.id,
        ...row,
        image: '',
        updatedBy: by,
        managedBy: options.managedBy,
      } as Parameters<typeof admin.insertApp>[1],
      entry.associatedGroups,
      now,
    );
  } else {
    const changes: Record<string, unknown> = { updatedBy: by };
    // Only the catalog file claims apps; an import through the API leaves the mark alone.
    if (options.managedBy === 'catalog-file') changes.managedBy = 'catalog-file';
    const all = record.deletedAt !== null;
    const columns = all
      ? Object.keys(row)
      : Object.keys(fields).flatMap((field) => columnsOfField(field as StoredAppField));
    for (const column of columns) {
      if (column in row) changes[column] = row[column as keyof typeof row];
    }
    if (all) Object.assign(changes, { deletedAt: null, deletedBy: null });
    const groups = all || 'associatedGroups' in fields ? entry.associatedGroups : undefined;
    await admin.updateApp(trx, entry.id, changes, groups, now);
  }
  if (logo) {
    await admin.putLogo(
      trx,
      entry.id,
      { contentType: logo.contentType, bytes: logo.bytes, sha256: logo.sha256 },
      now,
    );
    await admin.updateApp(trx, entry.id, { image: logo.fileName }, undefined, now);
  }
  const after = await admin.findApp(entry.id, trx);
  const before = record && record.deletedAt === null ? snapshotOf(record) : null;
  const snapshotAfter = after ? snapshotOf(after) : null;
  const changed = before && snapshotAfter ? changedFields(before, snapshotAfter) : undefined;
  if (changed && changed.fields.length === 0) return;
  await audit({
    action: 'import',
    appId: entry.id,
    before: changed ? changed.before : before,
    after: changed ? changed.after : snapshotAfter,
  });
}

/** Applies a plan in one transaction (all or nothing), one audit entry per app changed. */
export async function applyImport(
  deps: {
    admin: AdminRepository;
    apps: AppsRepository;
    clock: () => string;
    networks?: ImportNetworks;
  },
  plan: ImportPlan,
  options: ImportOptions,
): Promise<ImportResult> {
  const { admin } = deps;
  await changeApps(deps, options.actor, async (change) => {
    const { trx, at: now, audit } = change;
    if (deps.networks) await applyNetworks(deps.networks, change, plan.networks);
    // In steps: on SQLite every statement runs on this thread, and a 3,000-app import would
    // otherwise hold it for seconds. Other writers wait for the transaction either way.
    for (const [index, app] of plan.apps.entries()) {
      if (index > 0 && index % APPS_PER_STEP === 0) await yieldToOthers();
      await applyApp(admin, change, app, options);
    }
    for (const [index, record] of plan.pruned.entries()) {
      if (index > 0 && index % APPS_PER_STEP === 0) await yieldToOthers();
      await admin.updateApp(
        trx,
        record.id,
        { deletedAt: now, deletedBy: options.actor.username, updatedBy: options.actor.username },
        undefined,
        now,
      );
      await audit({ action: 'delete', appId: record.id, before: snapshotOf(record), after: null });
    }
  }).catch((error: unknown) => {
    // An app the plan adds was created after the plan was made: nothing was written.
    if (!isUniqueViolation(error)) throw error;
    throw new ConflictError(
      'The catalog changed while the file was being imported (an app it adds was created meanwhile). Nothing was changed; import it again to see the new difference.',
    );
  });
  return { ...plan.result, applied: true };
}

/**
 * Compares a catalog with the database and, unless a dry run, applies the difference in one
 * transaction (all or nothing) with one `import` audit entry per app changed.
 */
export async function importCatalog(
  deps: {
    admin: AdminRepository;
    apps: AppsRepository;
    clock: () => string;
    networks?: ImportNetworks;
  },
  input: CatalogInput,
  options: ImportOptions,
): Promise<ImportResult> {
  const plan = await planImport(deps.admin, input, options, deps.networks);
  const networksChange = plan.result.networks !== undefined && deps.networks !== undefined;
  if (options.dryRun || (plan.apps.length === 0 && plan.pruned.length === 0 && !networksChange)) {
    return plan.result;
  }
  return applyImport(deps, plan, options);
}

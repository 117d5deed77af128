import type {
  Actor,
  AdminApp,
  AdminGroups,
  AuditEntry,
  AuditList,
} from '../../shared/api/admin-schemas.js';
import { pageOf } from '../../shared/api/list-schemas.js';
import { normalizeGroup } from '../../shared/identity/groups.js';
import {
  checkAppFields,
  type CheckOptions,
  type StoredAppFields,
} from '../../shared/catalog/app-rules.js';
import { columnsOf } from '../catalog/app-fields.js';
import type { AppRecord } from '../catalog/apps.queries.js';
import type { AppsRepository } from '../catalog/apps.repository.js';
import { isUniqueViolation } from '../db/database.js';
import { ConflictError, NotFoundError } from '../http/errors.js';
import { invalidFields, PreconditionRequiredError } from '../admin-http/admin-errors.js';
import { listAudit, type AuditFilter } from '../audit/audit-log.js';
import { auditedIn, type AuditedChange, type Trx } from '../audit/unit-of-work.js';
import { nextStamp, type AdminRepository, type AppSnapshot } from './admin.repository.js';
import { changeApps } from './app-changes.js';
import { changedFields, snapshotOf, toAdminApp, trashCutoff } from './app-snapshot.js';
import { checkHere, checkLogo, type LogoChecks } from '../files/logo-files.js';
import { pageEnvelope } from '../../shared/api/paging.js';
import type { NetworksRepository } from '../networks/networks.repository.js';

/** The actor of changes nobody made by hand (the trash purge). */
export const SYSTEM_ACTOR: Actor = { subject: 'system', username: 'system' };

/** The columns a change of these fields writes; the id never changes. */
function rowOf(fields: Partial<StoredAppFields>, defaultLanguage: string | undefined) {
  const { id: _id, ...row } = columnsOf(fields, defaultLanguage);
  void _id;
  return row;
}

/**
 * Purges the apps trashed more than 30 days ago, each with its `purge` audit entry; returns how
 * many. The admin service runs it on a timer (trash-purge.ts); main.ts at start-up, before the
 * app and its services exist.
 */
export async function purgeExpiredTrash(deps: {
  admin: AdminRepository;
  apps: Pick<AppsRepository, 'notifyChange'>;
  clock: () => string;
}): Promise<number> {
  const { admin } = deps;
  const expired = await admin.expiredTrash(trashCutoff(deps.clock()));
  if (expired.length === 0) return 0;
  await changeApps(deps, SYSTEM_ACTOR, async ({ trx, audit }) => {
    for (const record of expired) {
      await admin.purgeApp(trx, record.id);
      await audit({ action: 'purge', appId: record.id, before: snapshotOf(record), after: null });
    }
  });
  return expired.length;
}

/**
 * The catalog as admins change it: every write checks the fields with the catalog file's rules,
 * the version the caller had, runs in one transaction with its audit entry, and tells the
 * catalog snapshot (GET /api/apps, search, status) at once.
 */
export function createAdminService(deps: {
  admin: AdminRepository;
  apps: AppsRepository;
  clock: () => string;
  /**
   * Checks uploaded logos: app.ts hands the worker threads' (files/logo-checker.ts); without
   * it (start-up work, tests) this thread does, within the budgets.
   */
  logoChecks?: LogoChecks;
  /** DEFAULT_LANGUAGE: a text given per language keeps this language's in its plain column. */
  defaultLanguage?: string;
  /** The networks admins define: an app's addresses must name them (docs/networks.md). */
  networks?: Pick<NetworksRepository, 'list'>;
}) {
  const { admin } = deps;
  const logoChecks = deps.logoChecks ?? checkHere;

  /** The rules' options: the networks defined, when the body sets addresses. */
  async function checkOptions(body: Record<string, unknown>): Promise<CheckOptions> {
    if (!deps.networks || body.addresses === undefined) return {};
    return { networks: new Set((await deps.networks.list()).map((network) => network.id)) };
  }

  const write = <T>(actor: Actor, work: (change: AuditedChange) => Promise<T>) =>
    changeApps(deps, actor, work);

  async function requireApp(trx: Trx, id: string, trashed = false): Promise<AppRecord> {
    const record = await admin.findAppForUpdate(trx, id);
    if (!record || (record.deletedAt !== null) !== trashed) throw new NotFoundError();
    return record;
  }

  function checkVersion(record: AppRecord, expected: number | undefined): void {
    if (expected === undefined) throw new PreconditionRequiredError();
    if (record.version !== expected) {
      const who = record.updatedBy || 'someone';
      throw new ConflictError(
        `This app was changed by ${who} at ${record.updated} (version ${record.version}, you had ${expected}). Reload it and try again.`,
        { currentVersion: record.version, updatedBy: record.updatedBy, updatedAt: record.updated },
      );
    }
  }

  async function current(id: string): Promise<AdminApp> {
    const record = await admin.findApp(id);
    if (!record) throw new NotFoundError();
    return toAdminApp(record);
  }

  return {
    purgeExpired: () => purgeExpiredTrash(deps),

    /**
     * The apps, or the trash. Reads only: the purge runs at start-up and on a timer
     * (trash-purge.ts); an app past its purge time is left out of the trash meanwhile.
     */
    async list(deleted: boolean): Promise<AdminApp[]> {
      const items = (await admin.list(deleted)).map(toAdminApp);
      if (!deleted) return items;
      const cutoff = trashCutoff(deps.clock());
      return items.filter((app) => app.deletedAt === undefined || app.deletedAt >= cutoff);
    },

    get: current,

    async create(actor: Actor, body: Record<string, unknown>): Promise<AdminApp> {
      const { fields, errors } = checkAppFields(body, await checkOptions(body));
      if (Object.keys(errors).length > 0) throw invalidFields(errors);
      const app = fields as StoredAppFields;
      const idTaken = (existing: AppRecord) =>
        new ConflictError(
          existing.deletedAt
            ? `The id "${app.id}" belongs to an app in the trash; restore it or choose another id.`
            : `An app with the id "${app.id}" already exists.`,
          { fields: { id: 'is already used' } },
        );
      await write(actor, async ({ trx, at: now, audit }) => {
        const existing = await admin.findApp(app.id, trx);
        if (existing) throw idTaken(existing);
        await admin.insertApp(
          trx,
          {
            ...rowOf(app, deps.defaultLanguage),
            id: app.id,
            image: '',
            updatedBy: actor.username,
          } as Parameters<typeof admin.insertApp>[1],
          app.associatedGroups,
          now,
        );
        const created = await requireApp(trx, app.id);
        await audit({ action: 'create', appId: app.id, before: null, after: snapshotOf(created) });
      }).catch(async (error: unknown) => {
        // A create of the same id that committed after our check (PostgreSQL runs them side by
        // side): the same 409 as when the check sees it.
        const winner = isUniqueViolation(error) ? await admin.findApp(app.id) : undefined;
        throw winner ? idTaken(winner) : error;
      });
      return current(app.id);
    },

    async update(
      actor: Actor,
      id: string,
      body: Record<string, unknown>,
      expected: number | undefined,
    ): Promise<AdminApp> {
      const { fields, errors } = checkAppFields(body, {
        partial: true,
        ...(await checkOptions(body)),
      });
      if (Object.keys(errors).length > 0) throw invalidFields(errors);
      await write(actor, async ({ trx, at: now, audit }) => {
        const record = await requireApp(trx, id);
        checkVersion(record, expected);
        const before = snapshotOf(record);
        const wanted = { ...before, ...fields };
        const diff = changedFields(before, wanted);
        if (diff.fields.length === 0) return;
        await admin.updateApp(
          trx,
          id,
          { ...rowOf(fields, deps.defaultLanguage), updatedBy: actor.username },
          fields.associatedGroups,
          now,
        );
        await audit({ action: 'update', appId: id, before: diff.before, after: diff.after });
      });
      return current(id);
    },

    /** Moves the app to the trash: gone from every answer, restorable for 30 days. */
    async remove(actor: Actor, id: string, expected: number | undefined): Promise<void> {
      await write(actor, async ({ trx, at: now, audit }) => {
        const record = await requireApp(trx, id);
        checkVersion(record, expected);
        await admin.updateApp(
          trx,
          id,
          { deletedAt: now, deletedBy: actor.username, updatedBy: actor.username },
          undefined,
          now,
        );
        await audit({ action: 'delete', appId: id, before: snapshotOf(record), after: null });
      });
    },

    /** Brings a trashed app back, with its logo and the favorites that pointed at it. */
    async restore(actor: Actor, id: string): Promise<AdminApp> {
      await write(actor, async ({ trx, at: now, audit }) => {
        const record = await requireApp(trx, id, true);
        await admin.updateApp(
          trx,
          id,
          { deletedAt: null, deletedBy: null, updatedBy: actor.username },
          undefined,
          now,
        );
        await audit({ action: 'restore', appId: id, before: null, after: snapshotOf(record) });
      });
      return current(id);
    },

    /** Replaces the logo; a bad file (400/413/415) changes nothing. */
    async putLogo(
      actor: Actor,
      id: string,
      bytes: Buffer,
      expected: number | undefined,
    ): Promise<AdminApp> {
      const logo = await checkLogo(bytes, logoChecks);
      await write(actor, async ({ trx, at: now, audit }) => {
        const record = await requireApp(trx, id);
        if (expected !== undefined) checkVersion(record, expected);
        await admin.putLogo(
          trx,
          id,
          { contentType: logo.contentType, bytes: logo.bytes, sha256: logo.sha256 },
          now,
        );
        await admin.updateApp(
          trx,
          id,
          { image: logo.fileName, updatedBy: actor.username },
          undefined,
          now,
        );
        await audit({
          action: 'logo',
          appId: id,
          before: { image: record.image },
          after: { image: logo.fileName, contentType: logo.contentType, sha256: logo.sha256 },
        });
      });
      return current(id);
    },

    async deleteLogo(actor: Actor, id: string, expected: number | undefined): Promise<AdminApp> {
      await write(actor, async ({ trx, at: now, audit }) => {
        const record = await requireApp(trx, id);
        if (expected !== undefined) checkVersion(record, expected);
        if (record.image === '') return;
        await admin.deleteLogo(trx, id);
        await admin.updateApp(trx, id, { image: '', updatedBy: actor.username }, undefined, now);
        await audit({
          action: 'logo',
          appId: id,
          before: { image: record.image },
          after: { image: '' },
        });
      });
      return current(id);
    },

    /** Any app's logo, trashed ones included (the console shows the trash with logos). */
    async logo(id: string) {
      const record = await admin.findApp(id);
      if (!record || record.image === '') return undefined;
      return admin.findLogo(id);
    },

    /**
     * Audits an admin's retry of a delivery (`delivery-retry`), in the retry's own transaction:
     * which message, to whom, and how it stood before (never its body).
     */
    async auditDeliveryRetry(
      trx: Trx,
      actor: Actor,
      before: { id: string; state: string; attempts: number; lastError: string },
      after: { kind: string; to: string[]; summary: string; state: string },
    ): Promise<void> {
      const at = await nextStamp(trx, deps.clock());
      await auditedIn(trx, actor, at, ({ audit }) =>
        audit({
          action: 'delivery-retry',
          appId: null,
          before: {
            delivery: before.id,
            state: before.state,
            attempts: before.attempts,
            lastError: before.lastError,
          },
          after: {
            delivery: before.id,
            kind: after.kind,
            to: after.to,
            summary: after.summary,
            state: after.state,
          },
        }),
      );
    },

    async audit(filter: AuditFilter): Promise<AuditList> {
      const { rows: page, total } = await listAudit(admin.db, filter);
      const parse = (json: string | null) =>
        json === null ? null : (JSON.parse(json) as Record<string, unknown>);
      const items: AuditEntry[] = page.map((row) => ({
        id: row.id,
        at: row.at,
        actor: { subject: row.actorSubject, username: row.actorUsername },
        action: row.action as AuditEntry['action'],
        appId: row.appId,
        before: parse(row.before),
        after: parse(row.after),
      }));
      const list = pageEnvelope(items, total, filter.page, filter.perPage);
      // Older entries than this page's last, for callers that page with `before`.
      const last = page.at(-1);
      const more = (filter.page - 1) * filter.perPage + page.length < total;
      return more && last ? { ...list, nextBefore: last.id } : list;
    },

    async groups(
      page: number,
      perPage: number,
      directory?: readonly string[],
    ): Promise<AdminGroups> {
      const seen = await admin.groups();
      if (directory === undefined) return pageOf(seen, page, perPage);
      // The identity provider's real groups (its paths as the portal names groups), with the
      // counts of those also seen on apps and users.
      const counts = new Map(seen.map((group) => [group.name, group]));
      const names = [...new Set(directory.map(normalizeGroup))]
        .filter((name) => name !== '')
        .sort((a, b) => a.localeCompare(b));
      const groups = names.map((name) => counts.get(name) ?? { name, apps: 0, users: 0 });
      return pageOf(groups, page, perPage);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
export type { AppSnapshot };

import { statusLinkOf } from '../catalog/reachable-app.js';
import type { AdminApp } from '../../shared/api/admin-schemas.js';
import { accessOf, fieldsOf } from '../catalog/app-fields.js';
import type { AppRecord } from '../catalog/apps.queries.js';
import { toLocalizedApp } from '../catalog/api-app.js';
import type { AppSnapshot } from './admin.repository.js';

/** Trashed apps are removed for good this long after their deletion. */
export const TRASH_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function purgeAtOf(deletedAt: string): string {
  return new Date(new Date(deletedAt).getTime() + TRASH_DAYS * DAY_MS).toISOString();
}

export function trashCutoff(now: string): string {
  return new Date(new Date(now).getTime() - TRASH_DAYS * DAY_MS).toISOString();
}

/** The app's fields as the audit log and the import diff record them. */
export function snapshotOf(record: AppRecord): AppSnapshot {
  return { ...fieldsOf(record), image: record.image };
}

/** An app as the admin API answers it. */
export function toAdminApp(record: AppRecord): AdminApp {
  const { imageUrl: _public, ...app } = toLocalizedApp(record);
  void _public;
  const admin: AdminApp = {
    ...app,
    version: record.version,
    createdAt: record.created,
    updatedAt: record.updated,
    updatedBy: record.updatedBy,
    managedBy: record.managedBy === 'catalog-file' ? 'catalog-file' : 'portal',
  };
  const { addresses, links, terms } = fieldsOf(record);
  admin.addresses = addresses;
  admin.links = links;
  if (terms) admin.terms = terms;
  const access = accessOf(record);
  if (access) admin.access = access;
  if (record.image !== '') {
    admin.imageUrl = `/api/admin/apps/${encodeURIComponent(record.id)}/logo?v=${record.version}`;
  }
  if (record.deletedAt) {
    admin.deletedAt = record.deletedAt;
    admin.deletedBy = record.deletedBy ?? '';
    admin.purgeAt = purgeAtOf(record.deletedAt);
  }
  return admin;
}

/** An object with its keys sorted, for comparing; anything else as it is. */
const sortedKeys = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value;

/**
 * Equal values; lists of names (group names) are compared as sets and objects (texts by
 * language, the access settings) by their keys: their order means nothing. Lists of objects
 * (addresses, typed links) are compared entry by entry, in order.
 */
const canonical = (value: unknown) =>
  JSON.stringify(
    Array.isArray(value)
      ? value.every((item) => typeof item !== 'object' || item === null)
        ? [...(value as unknown[])].map(String).sort()
        : value.map(sortedKeys)
      : sortedKeys(value),
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The fields that differ, as `{before, after}` with only those fields. */
export function changedFields(
  before: AppSnapshot,
  after: AppSnapshot,
): { before: AppSnapshot; after: AppSnapshot; fields: string[] } {
  const fields = Object.keys(after).filter((key) => !same(before[key], after[key]));
  return {
    fields,
    before: Object.fromEntries(fields.map((key) => [key, before[key]])),
    after: Object.fromEntries(fields.map((key) => [key, after[key]])),
  };
}

/**
 * Adds the monitor's current status of each app, where known: checked at its link, else at its
 * first address on a network (statusLinkOf, docs/networks.md).
 */
export function withStatus(
  apps: AdminApp[],
  statusOf: (link: string) => number | undefined,
): AdminApp[] {
  for (const app of apps) {
    const link = statusLinkOf(app.link, { addresses: app.addresses ?? [], links: [] });
    const status = link === '' ? undefined : statusOf(link);
    if (status !== undefined) app.status = status;
  }
  return apps;
}

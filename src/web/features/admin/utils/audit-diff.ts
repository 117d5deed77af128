import type { AuditAction, AuditEntry } from '../../../../shared/api/admin-schemas.js';

export interface FieldDiff {
  field: string;
  before: string;
  after: string;
}

export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  restore: 'Restored',
  logo: 'Logo',
  import: 'Import',
  purge: 'Removed for good',
  notice: 'Notice',
  'access-request': 'Access requested',
  'access-withdraw': 'Request withdrawn',
  'access-decision': 'Access decided',
  'access-membership': 'Membership',
  'access-expiry': 'Access end changed',
  'delivery-retry': 'Delivery retried',
  branding: 'Branding',
};

export function actionOf(entry: AuditEntry): AuditAction {
  return entry.action;
}

/** A field's value as people read it: lists comma-joined, booleans yes/no, nothing "(empty)". */
export function readable(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(readable).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields an entry changed, before and after (all fields for creations and deletions). */
export function auditDiff(entry: Pick<AuditEntry, 'before' | 'after'>): FieldDiff[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({
      field,
      before: entry.before ? readable(before[field]) : '—',
      after: entry.after ? readable(after[field]) : '—',
    }));
}

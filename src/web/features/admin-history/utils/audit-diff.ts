import type { AuditAction, AuditEntry } from '../../../../shared/api/admin-schemas.js';
import type { Translate } from '../../../lib/i18n.js';

export interface FieldDiff {
  field: string;
  before: string;
  after: string;
}

/** The message id of each action's name in the log ("Created", "Access decided"...). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'admin.audit.action.create',
  update: 'admin.audit.action.update',
  delete: 'admin.audit.action.delete',
  restore: 'admin.audit.action.restore',
  logo: 'admin.audit.action.logo',
  import: 'admin.audit.action.import',
  purge: 'admin.audit.action.purge',
  notice: 'admin.audit.action.notice',
  'access-request': 'admin.audit.action.accessRequest',
  'access-withdraw': 'admin.audit.action.accessWithdraw',
  'access-decision': 'admin.audit.action.accessDecision',
  'access-membership': 'admin.audit.action.accessMembership',
  'access-expiry': 'admin.audit.action.accessExpiry',
  'delivery-retry': 'admin.audit.action.deliveryRetry',
  branding: 'admin.audit.action.branding',
  networks: 'admin.audit.action.networks',
  report: 'admin.audit.action.report',
  subscriptions: 'admin.audit.action.subscriptions',
  'group-channels': 'admin.audit.action.groupChannels',
  unsubscribe: 'admin.audit.action.unsubscribe',
};

export function actionOf(entry: AuditEntry): AuditAction {
  return entry.action;
}

/**
 * A field's value as people read it, in their language: lists joined, booleans yes/no, nothing
 * "(empty)". Values themselves (names, links, groups) stay as they are.
 */
export function readable(t: Translate, value: unknown): string {
  if (value === undefined || value === null || value === '') return t('admin.audit.value.empty');
  if (Array.isArray(value)) {
    return value.length === 0
      ? t('admin.audit.value.none')
      : value.map((item) => readable(t, item)).join(t('admin.audit.value.separator'));
  }
  if (typeof value === 'boolean')
    return t(value ? 'admin.audit.value.yes' : 'admin.audit.value.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields an entry changed, before and after (all fields for creations and deletions). */
export function auditDiff(t: Translate, entry: Pick<AuditEntry, 'before' | 'after'>): FieldDiff[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({
      field,
      before: entry.before ? readable(t, before[field]) : '—',
      after: entry.after ? readable(t, after[field]) : '—',
    }));
}

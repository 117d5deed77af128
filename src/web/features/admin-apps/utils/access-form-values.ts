import type { AppAccess } from '../../../../shared/api/access-schemas.js';
import type { MessageValues } from '../../../lib/i18n.js';

/** The limits of access-schemas.ts (not imported: TypeBox stays out of the bundle). */
export const ACCESS_LIMITS = { maxDays: 3650, maxApprovers: 50, maxLength: 255 } as const;
const GROUP_PREFIX = 'group:';

/** The app form's "Access requests" section, as typed. */
export interface AccessFormValues {
  requestable: boolean;
  group: string;
  /** Usernames or `group:/path`, comma- or line-separated. */
  approvers: string;
  showGroup: boolean;
  /** Whole days, or empty for no end. */
  days: string;
}

/** A field of the section; on the wire each is `access.<field>`. */
export type AccessField = 'group' | 'approvers' | 'days';
/** What is wrong with a field: a message id (about `{field}`, its label) and its values. */
export interface AccessProblem {
  id: string;
  values?: MessageValues;
}
export type AccessErrors = Partial<Record<AccessField, AccessProblem>>;

/** The message ids of the section's labels. */
export const ACCESS_LABEL_IDS: Readonly<Record<AccessField | 'requestable' | 'showGroup', string>> =
  {
    requestable: 'admin.access.requestable',
    group: 'admin.access.group',
    approvers: 'admin.access.approvers',
    showGroup: 'admin.access.showGroup',
    days: 'admin.access.days',
  };

export function accessValuesOf(access: AppAccess | undefined): AccessFormValues {
  return {
    requestable: access?.requestable ?? false,
    group: access?.group ?? '',
    approvers: (access?.approvers ?? []).join(', '),
    showGroup: access?.showGroup ?? false,
    days: access?.days === undefined ? '' : String(access.days),
  };
}

export function splitApprovers(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((approver) => approver.trim())
    .filter((approver) => approver !== '');
}

/** Per-field messages, the same rules as the API's schema (plus readable wording). */
export function validateAccess(values: AccessFormValues, hadAccess: boolean): AccessErrors {
  const errors: AccessErrors = {};
  // Nothing to check while the app neither is nor was requestable: nothing is sent.
  if (!values.requestable && !hadAccess && values.group.trim() === '') return errors;
  const group = values.group.trim();
  if (group === '') errors.group = { id: 'admin.access.error.groupRequired' };
  else if (group.length > ACCESS_LIMITS.maxLength) {
    errors.group = { id: 'admin.access.error.tooLong', values: { max: ACCESS_LIMITS.maxLength } };
  }
  const approvers = splitApprovers(values.approvers);
  if (approvers.length > ACCESS_LIMITS.maxApprovers) {
    errors.approvers = {
      id: 'admin.access.error.tooManyApprovers',
      values: { max: ACCESS_LIMITS.maxApprovers, count: approvers.length },
    };
  } else {
    const bad = approvers.find(
      (approver) =>
        approver.length > ACCESS_LIMITS.maxLength ||
        /\s/.test(approver) ||
        (approver.startsWith(GROUP_PREFIX) && approver.slice(GROUP_PREFIX.length).trim() === ''),
    );
    if (bad !== undefined) {
      errors.approvers = { id: 'admin.access.error.badApprover', values: { value: bad } };
    }
  }
  const days = values.days.trim();
  if (days !== '') {
    const number = Number(days);
    if (!/^\d+$/.test(days) || number < 1 || number > ACCESS_LIMITS.maxDays) {
      errors.days = { id: 'admin.access.error.days', values: { max: ACCESS_LIMITS.maxDays } };
    }
  }
  return errors;
}

/** The `access` object to send, or undefined when the app neither is nor was requestable. */
export function accessBody(
  values: AccessFormValues,
  had: AppAccess | undefined,
): AppAccess | undefined {
  if (!values.requestable && !had && values.group.trim() === '') return undefined;
  const days = values.days.trim();
  return {
    requestable: values.requestable,
    group: values.group.trim(),
    approvers: splitApprovers(values.approvers),
    ...(values.showGroup ? { showGroup: true } : {}),
    ...(days !== '' ? { days: Number(days) } : {}),
  };
}

/** Whether the section changes the app's access (a PATCH then sends it whole). */
export function accessChanged(values: AccessFormValues, had: AppAccess | undefined): boolean {
  const body = accessBody(values, had);
  if (!body) return false;
  const normal = (access: AppAccess) =>
    JSON.stringify({
      requestable: access.requestable,
      group: access.group,
      approvers: access.approvers,
      showGroup: access.showGroup === true,
      days: access.days ?? null,
    });
  return !had || normal(body) !== normal(had);
}

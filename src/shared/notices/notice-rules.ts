import { hasControlCharacters, PLAIN_TEXT } from '../text/control-characters.js';
import type { FieldErrors } from '../catalog/app-rules.js';
import { fieldErrors, isAppId, unknownKey } from '../catalog/app-rules.js';
import { checkTextMap, isTextMap, type LocalizedText } from '../i18n/localized-text.js';
import { checkAudience, EVERYONE, type NoticeAudience } from './notice-audience.js';

/** How a notice reads: general information, planned maintenance, or an incident. */
export const PORTAL_NOTICE_SEVERITIES = ['info', 'maintenance', 'incident'] as const;
export type PortalNoticeSeverity = (typeof PORTAL_NOTICE_SEVERITIES)[number];

export const NOTICE_LIMITS = {
  title: 200,
  text: 2000,
  appIds: 100,
  /** The longest a notice may last. */
  days: 90,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const FIELDS = [
  'title',
  'text',
  'severity',
  'startsAt',
  'endsAt',
  'appIds',
  'audience',
  'requireAck',
  'mailAudience',
] as const;

export interface NoticeFields {
  title: string;
  /** One text, or texts by language tag (docs/admin.md): viewers get their language's. */
  text: LocalizedText;
  severity: PortalNoticeSeverity;
  /** ISO 8601 in UTC (`toISOString`), so that strings compare as times. */
  startsAt: string;
  endsAt: string;
  appIds: string[];
  /** Who sees it (notice-audience.ts): everyone unless given. */
  audience: NoticeAudience;
  /** Shown on top until each person acknowledges it; it cannot be dismissed. */
  requireAck: boolean;
  /** Mailed to the people of its audience the portal knows when published (or edited). */
  mailAudience: boolean;
}

function isoOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined;
  // A time zone is required: "10:00" alone would mean the server's zone.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i.test(value)) {
    return undefined;
  }
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/**
 * Checks a notice's fields (all of them, or with `base` the changed ones over the current
 * notice). Returns the normalised fields or one readable message per bad field.
 */
export function checkNoticeFields(
  body: Record<string, unknown>,
  base?: NoticeFields,
): { fields: NoticeFields; errors: FieldErrors } {
  const errors = fieldErrors();
  for (const key of Object.keys(body)) {
    if (!(FIELDS as readonly string[]).includes(key)) {
      errors[key] = unknownKey(key, 'is not a notice field');
    }
  }
  const has = (key: string) => body[key] !== undefined;
  const fields: NoticeFields = base
    ? { ...base, appIds: [...base.appIds] }
    : {
        title: '',
        text: '',
        severity: 'info',
        startsAt: '',
        endsAt: '',
        appIds: [],
        audience: EVERYONE,
        requireAck: false,
        mailAudience: false,
      };

  if (has('title') || !base) {
    const title = body.title;
    if (title !== undefined && title !== null && typeof title !== 'string') {
      errors.title = 'must be text';
    } else if (typeof title !== 'string' || title.trim() === '') errors.title = 'is required';
    else if (title.trim().length > NOTICE_LIMITS.title) {
      errors.title = `must be at most ${NOTICE_LIMITS.title} characters`;
    } else if (hasControlCharacters(title, { multiline: true }) || /[\r\n]/.test(title)) {
      errors.title = 'must be one line of plain text';
    } else fields.title = title.trim();
  }
  if (has('text')) {
    const text = body.text;
    if (isTextMap(text)) {
      const checked = checkTextMap(text, {
        max: NOTICE_LIMITS.text,
        check: (value) =>
          hasControlCharacters(value, { multiline: true }) ? PLAIN_TEXT : undefined,
      });
      if (typeof checked === 'string') errors.text = checked;
      else fields.text = checked;
    } else if (typeof text !== 'string') errors.text = 'must be text';
    else if (text.length > NOTICE_LIMITS.text) {
      errors.text = `must be at most ${NOTICE_LIMITS.text} characters`;
    } else if (hasControlCharacters(text, { multiline: true })) errors.text = PLAIN_TEXT;
    else fields.text = text.trim();
  }
  if (has('severity') || !base) {
    const severity = body.severity;
    if (!PORTAL_NOTICE_SEVERITIES.includes(severity as PortalNoticeSeverity)) {
      errors.severity = `must be one of ${PORTAL_NOTICE_SEVERITIES.join(', ')}`;
    } else fields.severity = severity as PortalNoticeSeverity;
  }
  for (const key of ['startsAt', 'endsAt'] as const) {
    if (!has(key) && base) continue;
    const iso = isoOf(body[key]);
    if (iso === undefined) {
      errors[key] = has(key)
        ? 'must be a date and time with a time zone, e.g. 2026-11-03T08:00:00Z'
        : 'is required';
    } else fields[key] = iso;
  }
  if (errors.startsAt === undefined && errors.endsAt === undefined) {
    const length = Date.parse(fields.endsAt) - Date.parse(fields.startsAt);
    if (length <= 0) errors.endsAt = 'must be after the start';
    else if (length > NOTICE_LIMITS.days * DAY_MS) {
      errors.endsAt = `must be at most ${NOTICE_LIMITS.days} days after the start`;
    }
  }
  if (has('appIds')) {
    const ids = body.appIds;
    if (!Array.isArray(ids) || ids.length > NOTICE_LIMITS.appIds) {
      errors.appIds = `must be a list of at most ${NOTICE_LIMITS.appIds} app ids`;
    } else {
      const bad = ids.find((id) => !isAppId(id));
      if (bad !== undefined) errors.appIds = `has an invalid app id (got ${JSON.stringify(bad)})`;
      else fields.appIds = [...new Set(ids as string[])];
    }
  }
  if (has('audience')) {
    const checked = checkAudience(body.audience);
    if (typeof checked === 'string') errors.audience = checked;
    else fields.audience = checked;
  }
  if (has('requireAck')) {
    if (typeof body.requireAck !== 'boolean') errors.requireAck = 'must be true or false';
    else fields.requireAck = body.requireAck;
  }
  if (has('mailAudience')) {
    if (typeof body.mailAudience !== 'boolean') errors.mailAudience = 'must be true or false';
    else fields.mailAudience = body.mailAudience;
  }
  return { fields, errors };
}

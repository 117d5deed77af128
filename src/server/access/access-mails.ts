import type { OutboxMessage } from './ports.js';
import type { AccessRequestRow } from './access-requests.table.js';

/** Text for HTML: every character that could open markup or an attribute is escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** User text in a subject: one line, no CR/LF or other control characters, bounded. */
export function subjectText(text: string, max = 80): string {
  // eslint-disable-next-line no-control-regex -- removing them is the point
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function mail(
  to: string[],
  subject: string,
  lines: string[],
  link: { href: string; label: string },
): OutboxMessage {
  const text = `${lines.join('\n\n')}\n\n${link.label}: ${link.href}\n`;
  const html =
    lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`).join('\n') +
    `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>\n`;
  return { kind: 'mail', to, subject, text, html };
}

/** The request's fields a webhook carries (never a token; the reason only on creation). */
function payloadOf(row: AccessRequestRow): Record<string, unknown> {
  return {
    id: row.id,
    appId: row.appId,
    appName: row.appName,
    requester: { username: row.username, name: row.name, email: row.email },
    status: row.status,
    membership: row.membership,
    group: row.grantGroup,
    created: row.created,
    decidedAt: row.decidedAt,
    decidedBy: row.decidedByName,
    expiresAt: row.expiresAt,
  };
}

/** The portal's pages the mails link to (the inbox is the SPA route /requests). */
export function portalLinks(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return { home: `${base}/`, inbox: `${base}/requests` };
}

export function requestCreatedMessages(
  row: AccessRequestRow,
  approverEmails: string[],
  publicUrl: string,
): OutboxMessage[] {
  const links = portalLinks(publicUrl);
  const messages: OutboxMessage[] = [
    {
      kind: 'webhook',
      event: 'access.requested',
      payload: { ...payloadOf(row), reason: row.reason },
    },
  ];
  if (approverEmails.length > 0) {
    messages.unshift(
      mail(
        approverEmails,
        `Access request: ${subjectText(row.name || row.username)} asks for ${subjectText(row.appName)}`,
        [
          `${row.name} (${row.username}${row.email ? `, ${row.email}` : ''}) asks for access to ${row.appName}.`,
          `Reason:\n${row.reason}`,
          `Approving adds them to the group ${row.grantGroup}.`,
        ],
        { href: links.inbox, label: 'Decide in the portal' },
      ),
    );
  }
  return messages;
}

export function withdrawnMessages(row: AccessRequestRow): OutboxMessage[] {
  return [{ kind: 'webhook', event: 'access.withdrawn', payload: payloadOf(row) }];
}

export function decidedMessages(row: AccessRequestRow, publicUrl: string): OutboxMessage[] {
  const links = portalLinks(publicUrl);
  const approved = row.status === 'approved';
  const lines = [
    approved
      ? `Your request for access to ${row.appName} was approved by ${row.decidedByName ?? 'an approver'}.`
      : `Your request for access to ${row.appName} was declined by ${row.decidedByName ?? 'an approver'}.`,
  ];
  if (row.note) lines.push(`Note:\n${row.note}`);
  if (approved && row.membership === 'waiting') {
    lines.push('Your membership is being set up; the app unlocks once it is in place.');
  }
  if (approved && row.expiresAt) lines.push(`Access until ${row.expiresAt.slice(0, 10)}.`);
  const messages: OutboxMessage[] = [
    {
      kind: 'webhook',
      event: approved ? 'access.approved' : 'access.declined',
      payload: payloadOf(row),
    },
  ];
  if (row.email) {
    messages.unshift(
      mail(
        [row.email],
        `Access to ${subjectText(row.appName)} ${approved ? 'approved' : 'declined'}`,
        lines,
        { href: links.home, label: 'Open the portal' },
      ),
    );
  }
  return messages;
}

export function reminderMessages(row: AccessRequestRow, publicUrl: string): OutboxMessage[] {
  if (!row.email || !row.expiresAt) return [];
  return [
    mail(
      [row.email],
      `Your access to ${subjectText(row.appName)} ends on ${row.expiresAt.slice(0, 10)}`,
      [
        `Your access to ${row.appName} ends on ${row.expiresAt.slice(0, 10)}.`,
        'To keep it, ask for access again in the portal once it has ended.',
      ],
      { href: portalLinks(publicUrl).home, label: 'Open the portal' },
    ),
  ];
}

export function expiredMessages(row: AccessRequestRow, publicUrl: string): OutboxMessage[] {
  const messages: OutboxMessage[] = [
    { kind: 'webhook', event: 'access.expired', payload: payloadOf(row) },
  ];
  if (row.email) {
    messages.unshift(
      mail(
        [row.email],
        `Your access to ${subjectText(row.appName)} has ended`,
        [
          `Your time-boxed access to ${row.appName} has ended.`,
          'You may ask for it again in the portal.',
        ],
        { href: portalLinks(publicUrl).home, label: 'Open the portal' },
      ),
    );
  }
  return messages;
}

/**
 * The portal gave up writing an approved request's membership: the approver (or the app's
 * approvers) must add it by hand; the webhook says so too.
 */
export function membershipFailedMessages(
  row: AccessRequestRow,
  approverEmails: string[],
  publicUrl: string,
): OutboxMessage[] {
  const messages: OutboxMessage[] = [
    { kind: 'webhook', event: 'access.membership_failed', payload: payloadOf(row) },
  ];
  if (approverEmails.length > 0) {
    messages.unshift(
      mail(
        approverEmails,
        `Add ${subjectText(row.username)} to ${subjectText(row.grantGroup)} by hand (${subjectText(row.appName)})`,
        [
          `The request of ${row.name} (${row.username}) for ${row.appName} was approved, but the portal could not add them to the group ${row.grantGroup} in the identity provider, even after several attempts.`,
          `Please add ${row.username} to ${row.grantGroup} by hand; the app unlocks for them once the membership is in place.`,
        ],
        { href: portalLinks(publicUrl).inbox, label: 'See the request in the portal' },
      ),
    );
  }
  return messages;
}

import type { NoticeAcknowledgements } from '../../shared/api/notice-schemas.js';
import { inAudience, parseAudience } from '../../shared/notices/notice-audience.js';
import { ConflictError, NotFoundError } from '../http/errors.js';
import type { NoticeReceiptsRepository } from './notice-receipts.repository.js';
import type { NoticesService } from './notices.service.js';
import type { PortalNoticesRepository } from './portal-notices.repository.js';
import {
  parseIds,
  storedNoticeId,
  toPortalNotice,
  type NoticeViewer,
} from './portal-notices.service.js';

const NO_SUCH_NOTICE = 'There is no such notice.';

/**
 * A signed-in person's dismissals and acknowledgements of portal notices (docs/notifications.md),
 * kept on the server so that every browser of theirs agrees, and the acknowledgements of a
 * notice for admins. A notice the person does not see (not in force, outside its audience, only
 * about apps hidden from them) is answered as a missing one.
 */
export function createNoticeReceipts(deps: {
  notices: Pick<NoticesService, 'seenPortalNotice'>;
  portal: Pick<PortalNoticesRepository, 'find'>;
  receipts: NoticeReceiptsRepository;
  clock: () => string;
}) {
  async function seen(viewer: NoticeViewer & { subject: string }, id: string) {
    const stored = storedNoticeId(id);
    const notice = stored ? await deps.notices.seenPortalNotice(viewer, stored) : undefined;
    if (!stored || !notice) throw new NotFoundError(NO_SUCH_NOTICE);
    return { stored, notice };
  }

  return {
    /** Hides a notice from the person everywhere; one to acknowledge cannot be dismissed. */
    async dismiss(viewer: { subject: string; groups: readonly string[] }, id: string) {
      const { stored, notice } = await seen(viewer, id);
      if (notice.requireAck) {
        throw new ConflictError(
          'This notice must be acknowledged (POST /api/notices/{id}/acknowledge): it cannot be dismissed.',
        );
      }
      await deps.receipts.dismiss(viewer.subject, stored, deps.clock());
    },

    /** Records that the person read and accepts a notice; again changes nothing. */
    async acknowledge(viewer: { subject: string; groups: readonly string[] }, id: string) {
      const { stored } = await seen(viewer, id);
      await deps.receipts.acknowledge(viewer.subject, stored, deps.clock());
    },

    /** Who acknowledged a notice, and who in its audience (people who signed in) has not. */
    async acknowledgements(id: string): Promise<NoticeAcknowledgements> {
      const stored = storedNoticeId(id);
      const row = stored ? await deps.portal.find(stored) : undefined;
      if (!row) throw new NotFoundError(NO_SUCH_NOTICE);
      const audience = parseAudience(row.audience);
      const [receipts, people] = await Promise.all([
        deps.receipts.forNotice(row.id),
        deps.receipts.people(),
      ]);
      const bySubject = new Map(people.map((person) => [person.subject, person]));
      const person = (subject: string) => {
        const known = bySubject.get(subject);
        return {
          subject,
          username: known?.username ?? '',
          name: known?.name ?? '',
          email: known?.email ?? '',
        };
      };
      const acknowledged = receipts
        .filter((receipt) => receipt.acknowledgedAt !== null)
        .map((receipt) => ({
          ...person(receipt.userSubject),
          at: receipt.acknowledgedAt as string,
        }))
        .sort((a, b) => a.at.localeCompare(b.at) || a.subject.localeCompare(b.subject));
      const done = new Set(acknowledged.map((entry) => entry.subject));
      const pending = people
        .filter((known) => !done.has(known.subject))
        .filter((known) => inAudience(audience, { groups: parseIds(known.groups) }))
        .map((known) => person(known.subject));
      return { notice: toPortalNotice(row), audience, acknowledged, pending };
    },
  };
}

export type NoticeReceipts = ReturnType<typeof createNoticeReceipts>;

/** A CSV cell: quoted when needed, and a leading = + - @ tab or CR defused with a quote. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The acknowledgements as CSV: a header row, then one row per person with their status. */
export function acknowledgementsCsv(report: NoticeAcknowledgements): string {
  const rows = [
    ['status', 'subject', 'username', 'name', 'email', 'acknowledgedAt'],
    ...report.acknowledged.map((p) => [
      'acknowledged',
      p.subject,
      p.username,
      p.name,
      p.email,
      p.at,
    ]),
    ...report.pending.map((p) => ['pending', p.subject, p.username, p.name, p.email, '']),
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

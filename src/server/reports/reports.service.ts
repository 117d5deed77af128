import type { App } from '../../shared/api/schemas.js';
import type { Network } from '../../shared/network/networks.js';
import { actorOf } from '../audit/actor.js';
import { audited } from '../audit/unit-of-work.js';
import type { Principal } from '../auth/principal.js';
import type { Viewer } from '../catalog/visibility.js';
import type { Db } from '../db/database.js';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors.js';
import type { Outbox } from '../outbox/outbox.js';
import type { ReportLimiter } from './report-limits.js';
import { reportMail, statusWord, type MailTexts } from './report-mail.js';
import { supportAddressesOf } from './support-address.js';

/** Longest message of a report, in characters (after trimming). */
export const MAX_REPORT_MESSAGE = 2000;

/**
 * A report's message as it is sent: line breaks as `\n`, no other control characters (a tab
 * stays), trimmed.
 */
export function cleanMessage(message: string): string {
  return (
    message
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, '')
      .trim()
  );
}

export interface ReportsServiceDeps {
  db: Db;
  outbox: Outbox;
  /** The catalog snapshot's apps a viewer may see, as seen from `network` (an id; null: none). */
  visibleApps(viewer: Viewer, language: string, network: string | null): Promise<readonly App[]>;
  /** The status the portal shows for an app (services.ts `appStatus`). */
  appStatus(app: App): number | undefined;
  limiter: ReportLimiter;
  /** The mails' language and texts (DEFAULT_LANGUAGE: the support contact's is not known). */
  mailTexts: MailTexts;
  publicUrl: string;
  /** The time of writes (ISO 8601). */
  clock: () => string;
}

/**
 * "Report a problem" (docs/networks.md, "Reporting a problem"): a signed-in person's message
 * about an app they may open, mailed through the outbox to the app's support address, with the
 * status the portal shows and the name of the network the report came from (never the
 * reporter's address), and audited (`report`) in the same transaction.
 */
export function createReportsService(deps: ReportsServiceDeps) {
  return {
    async report(
      principal: Principal,
      appId: string,
      body: { message: string },
      network: Network | null,
    ): Promise<void> {
      const message = cleanMessage(body.message);
      if (message === '') throw new BadRequestError('Write what went wrong: the message is empty.');
      if (message.length > MAX_REPORT_MESSAGE) {
        throw new BadRequestError(
          `The message is too long: at most ${MAX_REPORT_MESSAGE} characters.`,
          { max: MAX_REPORT_MESSAGE },
        );
      }
      const viewer: Viewer = { groups: principal.groups };
      const apps = await deps.visibleApps(viewer, deps.mailTexts.language, network?.id ?? null);
      const app = apps.find((candidate) => candidate.id === appId);
      // An app the person may not open is answered as one that does not exist.
      if (!app) throw new NotFoundError();
      const to = supportAddressesOf(app.links);
      if (to.length === 0) {
        throw new ConflictError(
          'This app has no support e-mail address, so the portal cannot send a report. Use its support page or contact its team directly.',
          {},
          'no_support_address',
        );
      }
      await deps.limiter.take(principal.subject, app.id);
      const status = statusWord(deps.appStatus(app));
      const mail = reportMail(
        to,
        {
          app: { id: app.id, name: app.name },
          status,
          reporter: {
            name: principal.name,
            username: principal.username,
            email: principal.email,
          },
          network: network?.name ?? null,
          message,
        },
        deps.publicUrl,
        deps.mailTexts,
      );
      await audited(deps.db, { actor: actorOf(principal), at: deps.clock() }, async (change) => {
        await deps.outbox.enqueue(change.trx, [mail]);
        await change.audit({
          action: 'report',
          appId: app.id,
          before: null,
          after: { to, network: network?.name ?? null, status, length: message.length },
        });
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

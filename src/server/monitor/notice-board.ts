import type { Notice } from '../../shared/status/history-schemas.js';
import { describeFailure } from './sources/http.js';
import type { KumaStatusPageReader } from './sources/kuma-status-page.js';

type NoticeLog = { warn(details: Record<string, unknown>, message: string): void };

/** The notices the portal shows, refreshed once per monitor cycle. */
export interface NoticeBoard {
  /** Reads the status page; on failure keeps the last good notices (until `dropAfterMs`). */
  refresh(signal: AbortSignal, log?: NoticeLog): Promise<void>;
  /** The notices in force now (a maintenance window that has ended is left out). */
  active(): Notice[];
}

/** An empty board: the answer without a configured status page. */
export const NO_NOTICES: Pick<NoticeBoard, 'active'> = { active: () => [] };

export function createNoticeBoard(options: {
  reader: Pick<KumaStatusPageReader, 'read'>;
  dropAfterMs: number;
  now?: () => number;
}): NoticeBoard {
  const now = options.now ?? Date.now;
  let notices: Notice[] = [];
  let readAt = Number.NEGATIVE_INFINITY;
  let failing = false;
  return {
    async refresh(signal, log) {
      try {
        notices = await options.reader.read(signal, now());
        readAt = now();
        failing = false;
      } catch (error) {
        if (signal.aborted) return;
        // Logged once per failure, not once per cycle.
        if (!failing) {
          log?.warn(
            { reason: describeFailure(error, 0) },
            'status page unavailable; its last notices are kept',
          );
        }
        failing = true;
        if (now() - readAt > options.dropAfterMs) notices = [];
      }
    },
    active() {
      const at = now();
      return notices.filter((notice) => notice.end === null || Date.parse(notice.end) > at);
    },
  };
}

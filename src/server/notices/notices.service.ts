import type { Notice, Notices } from '../../shared/status/history-schemas.js';
import { STATUS_MAINTENANCE } from '../../shared/status/status-codes.js';
import type { Viewer } from '../catalog/visibility.js';
import type { StatusResults } from '../monitor/status-cache.js';
import type { NoticeBoard } from '../monitor/notice-board.js';

/** GET /api/notices: the notices (public, as the status page is) and the viewer's apps in maintenance. */
export function createNoticesService(deps: {
  visibleApps(viewer: Viewer): Promise<readonly { id: string; link: string }[]>;
  results: StatusResults;
  /** Where the monitor checks an app (catalog-snapshot.ts); by default its link. */
  statusLink?: (app: { id: string; link: string }) => string;
  board: Pick<NoticeBoard, 'active'>;
  /** Notices admins posted (src/server/notices), read from the database on each call. */
  portal?: { activeFor(visibleIds: ReadonlySet<string>, language?: string): Promise<Notice[]> };
}) {
  return {
    /** The notices for a viewer; portal notices' texts in `language` (docs/admin.md). */
    async noticesFor(viewer: Viewer, language?: string): Promise<Notices> {
      const apps = await deps.visibleApps(viewer);
      const maintenance = apps
        .filter((app) => {
          const link = deps.statusLink?.(app) ?? app.link.trim();
          return link !== '' && deps.results.lookup(link)?.status === STATUS_MAINTENANCE;
        })
        .map((app) => app.id);
      const portal = deps.portal
        ? await deps.portal.activeFor(new Set(apps.map((app) => app.id)), language)
        : [];
      return { notices: [...portal, ...deps.board.active()], maintenance };
    },
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;

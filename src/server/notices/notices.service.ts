import type { Notice, Notices } from '../../shared/status/history-schemas.js';
import { STATUS_MAINTENANCE } from '../../shared/status/status-codes.js';
import type { Viewer } from '../catalog/visibility.js';
import type { StatusResults } from '../monitor/status-cache.js';
import type { NoticeBoard } from '../monitor/notice-board.js';
import type { ActivePortalNotices, NoticeViewer } from './portal-notices.service.js';

/** GET /api/notices: the notices (public, as the status page is) and the viewer's apps in maintenance. */
export function createNoticesService(deps: {
  visibleApps(viewer: Viewer): Promise<readonly { id: string; link: string }[]>;
  results: StatusResults;
  /** Where the monitor checks an app (catalog-snapshot.ts); by default its link. */
  statusLink?: (app: { id: string; link: string }) => string;
  board: Pick<NoticeBoard, 'active'>;
  /** Notices admins posted (src/server/notices), read from the database on each call. */
  portal?: Pick<ActivePortalNotices, 'activeFor'>;
}) {
  return {
    /**
     * The notices for a viewer; portal notices' texts in `language` (docs/admin.md): only those
     * whose audience holds the viewer, without those the viewer dismissed or acknowledged.
     */
    async noticesFor(viewer: NoticeViewer, language?: string): Promise<Notices> {
      const apps = await deps.visibleApps(viewer);
      const maintenance = apps
        .filter((app) => {
          const link = deps.statusLink?.(app) ?? app.link.trim();
          return link !== '' && deps.results.lookup(link)?.status === STATUS_MAINTENANCE;
        })
        .map((app) => app.id);
      const portal = deps.portal
        ? await deps.portal.activeFor(new Set(apps.map((app) => app.id)), language, viewer)
        : [];
      return { notices: [...portal, ...deps.board.active()], maintenance };
    },

    /** The portal notice `id` (its stored id) when it is in force and the viewer sees it. */
    async seenPortalNotice(viewer: NoticeViewer, id: string): Promise<Notice | undefined> {
      if (!deps.portal) return undefined;
      const apps = await deps.visibleApps(viewer);
      const shown = await deps.portal.activeFor(
        new Set(apps.map((app) => app.id)),
        undefined,
        viewer,
        {
          all: true,
        },
      );
      return shown.find((notice) => notice.id.startsWith(`portal-${id}-`));
    },
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;

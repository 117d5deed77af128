import { inAudience, parseAudience } from '../../shared/notices/notice-audience.js';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Notice } from '../../shared/status/history-schemas.js';
import { CALENDAR_HISTORY_MS, type PortalNoticesRepository } from './portal-notices.repository.js';
import { parseIds, toPublicNotice } from './portal-notices.service.js';

/** The texts of the feed, in its language (the server's message catalog, `calendar.*`). */
export interface CalendarTexts {
  /** The calendar's name, from the portal's title. */
  name(portalTitle: string): string;
  /** The line that lists the apps a notice concerns. */
  apps(names: string): string;
}

export interface MaintenanceCalendarDeps {
  notices: Pick<PortalNoticesRepository, 'endingAfter' | 'cancelledEndingAfter'>;
  /** The apps anonymous visitors see (ids and names in the default language). */
  publicApps(): Promise<readonly { id: string; name: string }[]>;
  /** The notices the monitor reads from the status page (public, like the page). */
  board(): readonly Notice[];
  now(): number;
  /** PUBLIC_URL: the events' link, and the host their ids are unique under. */
  publicUrl: string;
  defaultLanguage: string;
}

/**
 * The public maintenance calendar (iCalendar, RFC 5545, made with ical-generator): the notices
 * admins post and the status page's maintenance windows, in force, coming, or ended in the last
 * 30 days, limited to what an anonymous visitor may know: a notice that names only apps hidden
 * from visitors is left out, and one that names some lists only the public ones. Each notice keeps
 * its UID across edits and its SEQUENCE grows with its version, so subscribed calendars update
 * the event rather than add another; a deleted notice is sent once more, cancelled (STATUS
 * CANCELLED, the same UID, the next SEQUENCE), until its window is 30 days past.
 */
export function createMaintenanceCalendar(deps: MaintenanceCalendarDeps) {
  const host = new URL(deps.publicUrl).host;

  /**
   * The feed of the notices whose audience `viewer` is in (null: anonymous visitors, who are in
   * "everyone" only), about `apps` (those the viewer may see, named in `language`).
   */
  async function feed(
    viewer: { groups: readonly string[] } | null,
    apps: readonly { id: string; name: string }[],
    language: string,
    portalTitle: string,
    texts: CalendarTexts,
  ) {
    const now = deps.now();
    const since = new Date(now - CALENDAR_HISTORY_MS).toISOString();
    const rows = await deps.notices.endingAfter(since);
    const names = new Map(apps.map((app) => [app.id, app.name]));
    const calendar = ical({
      name: texts.name(portalTitle),
      prodId: { company: host, product: 'app-portal', language: language.toUpperCase() },
      method: ICalCalendarMethod.PUBLISH,
      url: deps.publicUrl,
      // Calendar apps ask again after this long (seconds).
      ttl: 60 * 60,
    });
    const describe = (text: string, appIds: readonly string[]) =>
      [
        text,
        appIds.length > 0 ? texts.apps(appIds.map((id) => names.get(id) ?? id).join(', ')) : '',
      ]
        .filter(Boolean)
        .join('\n\n');
    for (const row of rows) {
      // The public calendar holds only the notices shown to everyone, anonymous visitors too;
      // a person's calendar those of their audience.
      if (!inAudience(parseAudience(row.audience), viewer)) continue;
      const named = parseIds(row.appIds);
      const visible = named.filter((id) => names.has(id));
      if (named.length > 0 && visible.length === 0) continue;
      const notice = toPublicNotice(row, visible, {
        language,
        defaultLanguage: deps.defaultLanguage,
      });
      calendar.createEvent({
        id: `portal-notice-${row.id}@${host}`,
        sequence: row.version - 1,
        stamp: new Date(row.updated),
        created: new Date(row.created),
        lastModified: new Date(row.updated),
        start: new Date(row.startsAt),
        end: new Date(row.endsAt),
        summary: notice.title,
        description: describe(notice.text, visible),
        categories: [{ name: notice.kind.toUpperCase() }],
        url: deps.publicUrl,
      });
    }
    for (const row of await deps.notices.cancelledEndingAfter(since)) {
      if (!inAudience(parseAudience(row.audience), viewer)) continue;
      const named = parseIds(row.appIds);
      if (named.length > 0 && !named.some((id) => names.has(id))) continue;
      calendar.createEvent({
        id: `portal-notice-${row.noticeId}@${host}`,
        sequence: row.sequence,
        status: ICalEventStatus.CANCELLED,
        stamp: new Date(row.cancelledAt),
        created: new Date(row.created),
        lastModified: new Date(row.cancelledAt),
        start: new Date(row.startsAt),
        end: new Date(row.endsAt),
        summary: row.title,
        url: deps.publicUrl,
      });
    }
    for (const notice of deps.board()) {
      if (notice.kind !== 'maintenance' || !notice.start || !notice.end) continue;
      calendar.createEvent({
        id: `status-page-${notice.id}@${host}`,
        stamp: new Date(now),
        start: new Date(notice.start),
        end: new Date(notice.end),
        summary: notice.title,
        description: notice.text,
        categories: [{ name: 'MAINTENANCE' }],
        url: deps.publicUrl,
      });
    }
    return calendar.toString();
  }

  return {
    async publicFeed(language: string, portalTitle: string, texts: CalendarTexts) {
      return feed(null, await deps.publicApps(), language, portalTitle, texts);
    },

    /**
     * A person's calendar (docs/notifications.md, "Personal calendar"): the same events, with
     * the notices of their audience and the apps they may see (`apps`, named in `language`).
     */
    viewerFeed(
      viewer: { groups: readonly string[] },
      apps: readonly { id: string; name: string }[],
      language: string,
      portalTitle: string,
      texts: CalendarTexts,
    ) {
      return feed(viewer, apps, language, portalTitle, texts);
    },
  };
}

export type MaintenanceCalendar = ReturnType<typeof createMaintenanceCalendar>;

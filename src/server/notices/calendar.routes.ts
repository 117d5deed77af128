import type { FastifyPluginAsync } from 'fastify';
import type { PortalInfo } from '../../shared/api/schemas.js';
import type { Language } from '../../shared/i18n/languages.js';
import type { Translate } from '../i18n/translator.js';
import type { MaintenanceCalendar } from './maintenance-calendar.js';

/**
 * `GET /calendar.ics`: the public maintenance calendar (docs/monitor.md, "Maintenance calendar"),
 * for calendar apps to subscribe to. Public data only;
 * in the visitor's language (the `lang` cookie, then Accept-Language, then DEFAULT_LANGUAGE).
 */
export const calendarRoutes: FastifyPluginAsync<{
  calendar: MaintenanceCalendar;
  /** The branding, its texts in `language`: the calendar is named after the portal. */
  portal: (language?: string) => Promise<PortalInfo>;
  texts: (language: Language) => Translate;
}> = async (app, { calendar, portal, texts }) => {
  app.get('/calendar.ics', { schema: { hide: true } }, async (request, reply) => {
    const language = request.language;
    const t = texts(language);
    const info = await portal(language);
    const body = await calendar.publicFeed(language, info.title, {
      name: (title) => t('calendar.name', { portal: title }),
      apps: (names) => t('calendar.apps', { names }),
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="maintenance.ics"')
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'Cookie, Accept-Language')
      .send(body);
  });
};

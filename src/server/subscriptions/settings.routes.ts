import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalInfo } from '../../shared/api/schemas.js';
import { isLanguage, type Language } from '../../shared/i18n/languages.js';
import { dataThemeOf, parseTheme, THEME_COOKIE } from '../../shared/theme/theme.js';
import type { Principal } from '../auth/principal.js';
import { HttpError, NotFoundError } from '../http/errors.js';
import type { Translate } from '../i18n/translator.js';
import type { MaintenanceCalendar } from '../notices/maintenance-calendar.js';
import {
  settingsPage,
  signInNeededPage,
  SETTINGS_PATH,
  type SettingsNotice,
} from './settings-page.js';
import type { SettingsInput } from './subscription-settings.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/** The settings form's fields: a few hundred bytes (the apps are not sent). */
const MAX_FORM_BYTES = 8192;

/** The page's texts for the rules of subscription-settings.ts (`data.rule` of its 400s). */
const RULE_TEXTS = new Map([
  ['events', 'settings.error.events'],
  ['digestMinutes', 'settings.error.digestMinutes'],
  ['time', 'settings.error.time'],
  ['sameTimes', 'settings.error.sameTimes'],
  ['timeZone', 'settings.error.timeZone'],
  ['language', 'settings.error.language'],
  ['noSuchApp', 'settings.error.noSuchApp'],
]);

/** The status message after a form's change (`?saved=` of the redirect back). */
const SAVED_TEXTS = new Map([
  ['settings', 'settings.saved.settings'],
  ['unfollowed', 'settings.saved.unfollowed'],
  ['calendar-removed', 'settings.saved.calendarRemoved'],
]);

class FormError extends HttpError {
  constructor(rule: string) {
    super(400, 'bad_request', `The form is not valid (${rule}).`, { rule });
  }
}

/** The settings form as the service's input; a FormError for what it cannot read. */
function settingsInput(form: URLSearchParams): SettingsInput & { language: Language } {
  const digest = form.get('digestMinutes') ?? '';
  const from = (form.get('quietFrom') ?? '').trim();
  const to = (form.get('quietTo') ?? '').trim();
  const language = form.get('language');
  if (!isLanguage(language)) throw new FormError('language');
  return {
    allFavorites: form.get('allFavorites') === 'on',
    emailChannel: form.get('emailChannel') === 'on',
    events: form.getAll('events'),
    digestMinutes: /^\d{1,5}$/.test(digest) ? Number(digest) : digest,
    quietHours:
      from === '' && to === '' ? null : { from, to, timeZone: form.get('timeZone') ?? '' },
    language,
  };
}

/**
 * The settings page (docs/notifications.md, "Status subscriptions"), server-rendered, without
 * JavaScript: `GET /settings` shows it, `POST /settings` saves the form (then 303 back with a
 * status message), unfollows an app, or creates, renews or removes the personal calendar, whose
 * URL is shown in that answer only. Anonymous visitors are sent to sign in (or told that this
 * portal has none). Form posts from a browser session pass the same-origin check of every
 * signed-in write (the session authenticator refuses others).
 *
 * `GET /calendar/{secret}.ics`: the personal maintenance calendar (maintenance-calendar.ts) of
 * the apps the secret's owner may see; an unknown secret is a 404.
 */
export const settingsRoutes: FastifyPluginAsync<{
  subscriptions: SubscriptionsService;
  texts: (language: Language) => Translate;
  calendar: MaintenanceCalendar;
  /** The branding, its texts in `language`: the calendar is named after the portal. */
  portal: (language?: string) => Promise<PortalInfo>;
  /** The apps a viewer may see, named in `language` (the catalog snapshot). */
  visibleApps(
    viewer: { groups: readonly string[] },
    language: string,
  ): Promise<readonly { id: string; name: string }[]>;
  signInAvailable: boolean;
  publicUrl: string;
}> = async (app, options) => {
  const { subscriptions } = options;
  const base = options.publicUrl.replace(/\/+$/, '');

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  const themeOf = (request: FastifyRequest) =>
    dataThemeOf(parseTheme(request.cookies[THEME_COOKIE]));

  /** Anonymous: to the sign-in and back here, or a page saying this portal has no sign-in. */
  function signIn(request: FastifyRequest, reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    if (options.signInAvailable) {
      return reply.redirect(`/auth/login?returnTo=${encodeURIComponent(SETTINGS_PATH)}`, 303);
    }
    const language = request.language;
    return reply
      .type('text/html; charset=utf-8')
      .send(signInNeededPage({ language, t: options.texts(language), theme: themeOf(request) }));
  }

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    person: Principal,
    notice?: SettingsNotice,
    status = 200,
  ) {
    const language = request.language;
    const view = await subscriptions.view(person, language);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        settingsPage({
          view,
          language,
          t: options.texts(language),
          theme: themeOf(request),
          notice,
        }),
      );
  }

  app.get(SETTINGS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const person = request.principal;
    if (!person) return signIn(request, reply);
    const t = options.texts(request.language);
    const saved = SAVED_TEXTS.get(String((request.query as Record<string, unknown>).saved));
    const notice: SettingsNotice | undefined = saved
      ? { kind: 'saved', text: t(saved) }
      : undefined;
    return render(request, reply, person, notice);
  });

  app.post(SETTINGS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const person = request.principal;
    if (!person) return signIn(request, reply);
    const language = request.language;
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const back = (saved: string) =>
      reply.header('cache-control', 'no-store').redirect(`${SETTINGS_PATH}?saved=${saved}`, 303);
    try {
      switch (form.get('action')) {
        case 'save':
          await subscriptions.saveSettings(person, settingsInput(form), language);
          return back('settings');
        case 'unfollow': {
          const appId = form.get('app') ?? '';
          try {
            await subscriptions.unfollow(person, appId, language);
          } catch (error) {
            if (error instanceof HttpError && error.statusCode === 404) {
              throw new FormError('noSuchApp');
            }
            throw error;
          }
          return back('unfollowed');
        }
        case 'calendar-create':
        case 'calendar-renew': {
          const secret = await subscriptions.createCalendar(person, language);
          return render(request, reply, person, {
            kind: 'calendar',
            url: `${base}/calendar/${secret}.ics`,
          });
        }
        case 'calendar-remove':
          await subscriptions.removeCalendar(person, language);
          return back('calendar-removed');
        default:
          throw new FormError('invalid');
      }
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
      const rule = typeof error.data.rule === 'string' ? error.data.rule : 'invalid';
      const t = options.texts(language);
      const text = t(RULE_TEXTS.get(rule) ?? 'settings.error.invalid');
      return render(request, reply, person, { kind: 'error', text }, 400);
    }
  });

  app.get<{ Params: { secret: string } }>(
    '/calendar/:secret.ics',
    { schema: { hide: true } },
    async (request, reply) => {
      const viewer = await subscriptions.calendarViewer(request.params.secret);
      if (!viewer) throw new NotFoundError('There is no such calendar.');
      const { language } = viewer;
      const t = options.texts(language);
      const [info, apps] = await Promise.all([
        options.portal(language),
        options.visibleApps(viewer, language),
      ]);
      const body = await options.calendar.viewerFeed(viewer, apps, language, info.title, {
        name: (title) => t('calendar.name', { portal: title }),
        apps: (names) => t('calendar.apps', { names }),
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="maintenance.ics"')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(body);
    },
  );
};

import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../shared/i18n/languages.js';
import { escapeHtml, htmlPage } from '../auth/html.js';
import type { Translate } from '../i18n/translator.js';
import {
  DEFAULT_TIME_ZONE,
  DIGEST_CHOICES,
  SUBSCRIPTION_EVENTS,
  type SubscriptionEvent,
} from './subscription-settings.js';
import type { SettingsView } from './subscriptions.service.js';

/** The path of the settings page and of its forms. */
export const SETTINGS_PATH = '/settings';

/** What the page says above the forms: a saved change, a problem, or a new calendar's URL. */
export type SettingsNotice =
  | { kind: 'saved'; text: string }
  | { kind: 'error'; text: string }
  | { kind: 'calendar'; url: string };

export interface SettingsPageOptions {
  view: SettingsView;
  language: Language;
  t: Translate;
  theme: 'light' | 'dark' | null;
  notice?: SettingsNotice;
}

/* Wider than the sign-in pages; checkboxes and radios in line with their labels. */
const SETTINGS_STYLE = `
main{max-width:40rem}
fieldset{border:1px solid var(--border);border-radius:.5rem;margin:1rem 0;padding:.5rem 1rem 1rem}
legend{font-weight:600;padding:0 .25rem}
label.choice{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.4rem 0}
label.choice input{width:auto;margin:0}
select{box-sizing:border-box;width:100%;padding:.5rem;border:1px solid var(--border);border-radius:.4rem;font-size:1rem;background:var(--panel);color:var(--text)}
.row{display:flex;gap:1rem;flex-wrap:wrap}.row>div{flex:1 1 8rem}
ul.apps{list-style:none;padding:0;margin:.5rem 0}
ul.apps li{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.3rem 0;border-bottom:1px solid var(--second)}
ul.apps button{margin:0;padding:.35rem .8rem}
.status{background:var(--second);color:var(--second-text);padding:.6rem .8rem;border-radius:.4rem}
form.inline{display:inline}
`;

/** Every time zone this server knows, UTC first (and `current`, should Intl not list it). */
function timeZones(current: string): string[] {
  const listed = Intl.supportedValuesOf('timeZone');
  const zones = new Set([DEFAULT_TIME_ZONE, current, ...listed]);
  return [...zones];
}

function eventLabel(event: SubscriptionEvent, t: Translate): string {
  switch (event) {
    case 'down':
      return t('settings.events.down');
    case 'up':
      return t('settings.events.up');
    case 'maintenance':
      return t('settings.events.maintenance');
    case 'notice':
      return t('settings.events.notice');
  }
}

function digestLabel(minutes: number, t: Translate): string {
  if (minutes === 0) return t('settings.digest.now');
  if (minutes === 1440) return t('settings.digest.daily');
  if (minutes === 60) return t('settings.digest.hourly');
  return t('settings.digest.minutes', { minutes });
}

const checked = (on: boolean) => (on ? ' checked' : '');
const selected = (on: boolean) => (on ? ' selected' : '');

function noticeHtml(notice: SettingsNotice | undefined, t: Translate): string {
  if (!notice) return '';
  if (notice.kind === 'error') {
    return `<p class="error" role="alert">${escapeHtml(notice.text)}</p>`;
  }
  if (notice.kind === 'saved') {
    return `<p class="status" role="status">${escapeHtml(notice.text)}</p>`;
  }
  return `<div class="status" role="status">
<p>${escapeHtml(t('settings.calendar.created'))}</p>
<label for="calendar-url">${escapeHtml(t('settings.calendar.url'))}</label>
<input id="calendar-url" type="text" readonly value="${escapeHtml(notice.url)}">
<p class="hint">${escapeHtml(t('settings.calendar.copyNow'))}</p>
</div>`;
}

function appsFieldset(options: SettingsPageOptions): string {
  const { view, t } = options;
  const apps =
    view.apps.length === 0
      ? `<p class="hint">${escapeHtml(t('settings.apps.none'))}</p>`
      : `<ul class="apps">${view.apps
          .map(
            (app, index) =>
              `<li><span>${escapeHtml(app.name)}</span><button type="submit" class="secondary" form="unfollow-${index}" aria-label="${escapeHtml(t('settings.apps.unfollowApp', { app: app.name }))}">${escapeHtml(t('settings.apps.unfollow'))}</button></li>`,
          )
          .join('')}</ul>`;
  return `<fieldset>
<legend>${escapeHtml(t('settings.apps.legend'))}</legend>
<label class="choice"><input type="checkbox" name="allFavorites" value="on"${checked(view.settings.allFavorites)}> ${escapeHtml(t('settings.apps.allFavorites'))}</label>
<p class="hint">${escapeHtml(t('settings.apps.followHint'))}</p>
${apps}
</fieldset>`;
}

function settingsForm(options: SettingsPageOptions): string {
  const { view, t, language } = options;
  const { settings } = view;
  const email = view.email
    ? t('settings.email.address', { email: view.email })
    : t('settings.email.noAddress');
  const events = SUBSCRIPTION_EVENTS.map(
    (event) =>
      `<label class="choice"><input type="checkbox" name="events" value="${event}"${checked(settings.events.includes(event))}> ${escapeHtml(eventLabel(event, t))}</label>`,
  ).join('\n');
  const digests = [...new Set<number>([...DIGEST_CHOICES, settings.digestMinutes])]
    .sort((a, b) => a - b)
    .map(
      (minutes) =>
        `<label class="choice"><input type="radio" name="digestMinutes" value="${minutes}"${checked(settings.digestMinutes === minutes)}> ${escapeHtml(digestLabel(minutes, t))}</label>`,
    )
    .join('\n');
  const zone = settings.quietHours?.timeZone ?? settings.timeZone;
  const zones = timeZones(zone)
    .map((name) => `<option${selected(name === zone)}>${escapeHtml(name)}</option>`)
    .join('');
  const languages = LANGUAGES.map(
    (tag) =>
      `<option value="${tag}" lang="${tag}"${selected(tag === (settings.language ?? language))}>${escapeHtml(LANGUAGE_NAMES[tag])}</option>`,
  ).join('');
  return `<form method="post" action="${SETTINGS_PATH}">
<input type="hidden" name="action" value="save">
<fieldset>
<legend>${escapeHtml(t('settings.email.legend'))}</legend>
<label class="choice"><input type="checkbox" name="emailChannel" value="on"${checked(settings.channels.email)}> ${escapeHtml(t('settings.email.on'))}</label>
<p class="hint">${escapeHtml(email)}</p>
</fieldset>
<fieldset>
<legend>${escapeHtml(t('settings.events.legend'))}</legend>
${events}
</fieldset>
${appsFieldset(options)}
<fieldset>
<legend>${escapeHtml(t('settings.digest.legend'))}</legend>
${digests}
</fieldset>
<fieldset>
<legend>${escapeHtml(t('settings.quiet.legend'))}</legend>
<p class="hint" id="quiet-hint">${escapeHtml(t('settings.quiet.hint'))}</p>
<div class="row">
<div><label for="quiet-from">${escapeHtml(t('settings.quiet.from'))}</label>
<input id="quiet-from" type="time" name="quietFrom" value="${escapeHtml(settings.quietHours?.from ?? '')}" aria-describedby="quiet-hint"></div>
<div><label for="quiet-to">${escapeHtml(t('settings.quiet.to'))}</label>
<input id="quiet-to" type="time" name="quietTo" value="${escapeHtml(settings.quietHours?.to ?? '')}" aria-describedby="quiet-hint"></div>
</div>
<label for="time-zone">${escapeHtml(t('settings.quiet.timeZone'))}</label>
<select id="time-zone" name="timeZone">${zones}</select>
</fieldset>
<fieldset>
<legend>${escapeHtml(t('settings.language.legend'))}</legend>
<label for="message-language">${escapeHtml(t('settings.language.label'))}</label>
<select id="message-language" name="language">${languages}</select>
</fieldset>
<button type="submit">${escapeHtml(t('settings.save'))}</button>
</form>`;
}

function unfollowForms(view: SettingsView): string {
  return view.apps
    .map(
      (app, index) =>
        `<form id="unfollow-${index}" method="post" action="${SETTINGS_PATH}" hidden><input type="hidden" name="action" value="unfollow"><input type="hidden" name="app" value="${escapeHtml(app.id)}"></form>`,
    )
    .join('\n');
}

function calendarSection(options: SettingsPageOptions): string {
  const { view, t } = options;
  const button = (action: string, label: string, secondary = false) =>
    `<form class="inline" method="post" action="${SETTINGS_PATH}"><input type="hidden" name="action" value="${action}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;
  const body = view.settings.calendar
    ? `<p>${escapeHtml(t('settings.calendar.exists'))}</p>
${button('calendar-renew', t('settings.calendar.renew'))}
${button('calendar-remove', t('settings.calendar.remove'), true)}`
    : `<p>${escapeHtml(t('settings.calendar.none'))}</p>
${button('calendar-create', t('settings.calendar.create'))}`;
  return `<section aria-labelledby="calendar-heading">
<h2 id="calendar-heading">${escapeHtml(t('settings.calendar.heading'))}</h2>
<p class="hint">${escapeHtml(t('settings.calendar.about'))}</p>
${body}
</section>`;
}

/** The settings page of a signed-in person, in their language; works without JavaScript. */
export function settingsPage(options: SettingsPageOptions): string {
  const { t, language, theme } = options;
  const page = htmlPage({
    title: t('settings.title'),
    language,
    theme,
    body: `<main>
<h1>${escapeHtml(t('settings.title'))}</h1>
${noticeHtml(options.notice, t)}
${settingsForm(options)}
${unfollowForms(options.view)}
${calendarSection(options)}
<p><a href="/">${escapeHtml(t('settings.back'))}</a></p>
</main>`,
  });
  return page.replace('</head>', `<style>${SETTINGS_STYLE}</style>\n</head>`);
}

/** The page for a visitor who is not signed in, when this portal has no sign-in. */
export function signInNeededPage(options: {
  language: Language;
  t: Translate;
  theme: 'light' | 'dark' | null;
}): string {
  const { t } = options;
  return htmlPage({
    title: t('settings.title'),
    language: options.language,
    theme: options.theme,
    body: `<main>
<h1>${escapeHtml(t('settings.title'))}</h1>
<p>${escapeHtml(t('settings.signInNeeded'))}</p>
<p><a href="/">${escapeHtml(t('settings.back'))}</a></p>
</main>`,
  });
}

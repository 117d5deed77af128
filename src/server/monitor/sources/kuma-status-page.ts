import type { Notice } from '../../../shared/status/history-schemas.js';
import { fetchText } from './http.js';
import { SourceError } from './source.js';

const MAX_STATUS_PAGE_BYTES = 2 * 1024 * 1024;
export const MAX_NOTICES = 10;
const MAX_TITLE = 200;
const MAX_TEXT = 2000;

/**
 * Text for a notice: tags removed, control characters dropped, trimmed and capped. Not a
 * sanitiser (the web app renders notices as text, never as HTML); it only keeps markup out of
 * what people read.
 */
export function plainText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const text = value
    .replace(/<\/?[a-z][^>]*>/gi, '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Kuma's times: ISO 8601, or SQLite's "YYYY-MM-DD HH:mm:ss", which Kuma writes in UTC. */
export function kumaTime(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const raw = value.trim();
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(raw)
    ? `${raw.replace(' ', 'T')}Z`
    : raw;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function severityOf(style: unknown): Notice['severity'] {
  if (style === 'danger') return 'danger';
  if (style === 'warning') return 'warning';
  return 'info';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The notices of a Kuma status page's JSON (`GET /api/status-page/{slug}`): the pinned incident
 * (1.x: `incident`, an object or null; 2.x: also `incidents`, a list) and the maintenance windows
 * in `maintenanceList` (Kuma lists only the active ones; ended ones are skipped too). At most
 * MAX_NOTICES. Throws a SourceError when the body is not a status page.
 */
export function noticesFromStatusPage(text: string, now: number): Notice[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SourceError('the status page did not answer JSON');
  }
  if (!isObject(body) || !('config' in body || 'maintenanceList' in body || 'incident' in body)) {
    throw new SourceError('the answer is not an Uptime Kuma status page');
  }
  const notices: Notice[] = [];
  const incidents = [
    ...(isObject(body.incident) ? [body.incident] : []),
    ...(Array.isArray(body.incidents) ? body.incidents.filter(isObject) : []),
  ];
  for (const incident of incidents) {
    const title = plainText(incident.title, MAX_TITLE);
    const noticeText = plainText(incident.content, MAX_TEXT);
    if (title === '' && noticeText === '') continue;
    notices.push({
      id: `kuma-incident-${String(incident.id ?? title)}-${String(incident.lastUpdatedDate ?? incident.createdDate ?? '')}`,
      kind: 'incident',
      title: title || 'Incident',
      text: noticeText,
      severity: severityOf(incident.style),
      start: kumaTime(incident.createdDate),
      end: null,
    });
  }
  const maintenances = Array.isArray(body.maintenanceList) ? body.maintenanceList : [];
  for (const maintenance of maintenances.filter(isObject)) {
    if (maintenance.status !== undefined && maintenance.status !== 'under-maintenance') continue;
    const slot = Array.isArray(maintenance.timeslotList)
      ? maintenance.timeslotList.find(isObject)
      : undefined;
    const range = Array.isArray(maintenance.dateRange) ? maintenance.dateRange : [];
    const start = kumaTime(slot?.startDate ?? range[0]);
    const end = kumaTime(slot?.endDate ?? range[1]);
    if (end !== null && Date.parse(end) <= now) continue;
    notices.push({
      id: `kuma-maintenance-${String(maintenance.id ?? '')}-${start ?? ''}`,
      kind: 'maintenance',
      title: plainText(maintenance.title, MAX_TITLE) || 'Maintenance',
      text: plainText(maintenance.description, MAX_TEXT),
      severity: 'warning',
      start,
      end,
    });
  }
  return notices.slice(0, MAX_NOTICES);
}

/** Reads one Kuma status page's notices, with the monitor's time-out and a size cap. */
export function createKumaStatusPageReader(options: {
  url: string;
  slug: string;
  timeoutMs: number;
}) {
  const endpoint = `${options.url.replace(/\/+$/, '')}/api/status-page/${encodeURIComponent(options.slug)}`;
  return {
    name: 'uptime-kuma-status-page',
    async read(signal: AbortSignal, now: number): Promise<Notice[]> {
      const response = await fetchText(endpoint, {
        timeoutMs: options.timeoutMs,
        signal,
        maxBytes: MAX_STATUS_PAGE_BYTES,
        headers: { accept: 'application/json' },
      });
      if (response.status === 404) {
        throw new SourceError(
          `Uptime Kuma has no status page "${options.slug}": check UPTIME_KUMA_STATUS_PAGE`,
          404,
        );
      }
      if (response.status < 200 || response.status > 299) {
        throw new SourceError(`the status page answered HTTP ${response.status}`, response.status);
      }
      return noticesFromStatusPage(response.text, now);
    },
  };
}

export type KumaStatusPageReader = ReturnType<typeof createKumaStatusPageReader>;

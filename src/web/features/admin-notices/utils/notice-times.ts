/**
 * `<input type="datetime-local">` speaks local wall-clock time without a zone ("2026-11-03T09:30");
 * the API speaks ISO 8601 with one. These convert in the browser's time zone.
 */
const pad = (value: number) => String(value).padStart(2, '0');

export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The ISO time of a local input value; '' when it is empty or not a time. */
export function fromLocalInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** Where a notice stands at `now`: scheduled, shown now, or ended. */
export function noticeState(
  notice: { startsAt: string; endsAt: string },
  now: number,
): 'scheduled' | 'active' | 'ended' {
  if (Date.parse(notice.endsAt) <= now) return 'ended';
  return Date.parse(notice.startsAt) <= now ? 'active' : 'scheduled';
}

/** Dates the console shows: "23 Nov 2026, 12:03" in the viewer's time zone. */
const formatter = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : formatter.format(time);
}

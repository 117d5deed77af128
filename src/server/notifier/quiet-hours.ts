/** Formatters by time zone: making one costs far more than using it. */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    try {
      clock = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // An unknown zone (the settings refuse them; an old row might hold one): UTC.
      clock = clockIn('UTC');
    }
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** Minutes since local midnight of `at` in `timeZone`: the wall clock there, DST included. */
export function localMinutes(at: number, timeZone: string): number {
  let hour = 0;
  let minute = 0;
  for (const part of clockIn(timeZone).formatToParts(at)) {
    if (part.type === 'hour') hour = Number(part.value) % 24;
    if (part.type === 'minute') minute = Number(part.value);
  }
  return hour * 60 + minute;
}

function minutesOf(text: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/**
 * Whether `at` falls in the quiet hours `from`–`to` ("HH:MM", wall clock in `timeZone`): from
 * included, to excluded; a `from` later than `to` crosses midnight ("22:00"–"07:00"). The wall
 * clock is read at `at` itself, so the hours stay right across a change to or from summer time.
 * Empty, malformed or equal times: no quiet hours.
 */
export function inQuietHours(at: number, from: string, to: string, timeZone: string): boolean {
  const start = minutesOf(from);
  const end = minutesOf(to);
  if (start === undefined || end === undefined || start === end) return false;
  const now = localMinutes(at, timeZone);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

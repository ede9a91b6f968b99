/**
 * Moments from what an organizer types: a full date-time, or a plain calendar date, which means a day
 * in the competition's time zone. A date that opens something ("registration opens 2026-11-01") is
 * the START of that day; one that closes something ("closes 2026-12-01") is its END, so the whole
 * day is included. Days are found with Intl, so a day of 23 or 25 hours (daylight saving) is right.
 */

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isPlainDate(value: string): boolean {
  const m = PLAIN_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time in `timeZone` at instant `t`, written as if it were UTC (ms). */
function wallClock(t: number, timeZone: string): number {
  const parts = formatIn(timeZone).formatToParts(new Date(t));
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/** The first instant (ms) of calendar day `date` (YYYY-MM-DD) in `timeZone`. */
export function startOfDay(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  // Guess with the offset at midnight-as-UTC, then correct with the offset at the guess itself.
  const first = midnight - (wallClock(midnight, timeZone) - midnight);
  const second = midnight - (wallClock(first, timeZone) - first);
  // Where clocks jump over midnight (e.g. America/Santiago) the day starts at the jump: the earliest
  // candidate that is already on that day.
  const onTheDay = [first, second].filter((t) => wallClock(t, timeZone) >= midnight);
  return Math.min(...(onTheDay.length ? onTheDay : [first]));
}

/** The last millisecond of calendar day `date` in `timeZone`. */
export function endOfDay(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return startOfDay(next, timeZone) - 1;
}

/**
 * The instant (ISO, UTC) an organizer meant: a date-time as given, a plain date as the start or the
 * end of that day in the competition's time zone.
 */
export function instantFromInput(value: string, timeZone: string, edge: 'start' | 'end'): string {
  if (!isPlainDate(value)) return new Date(value).toISOString();
  return new Date(edge === 'start' ? startOfDay(value, timeZone) : endOfDay(value, timeZone)).toISOString();
}

/**
 * Registration dates are stored as UTC instants but organizers think in the competition's wall clock.
 * These convert between a UTC ISO string and the `YYYY-MM-DDTHH:mm` value of a datetime-local input
 * read in a given IANA time zone, using only Intl (no time-zone database shipped to the browser).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
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
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClockAt(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** True when `timeZone` is a name this browser knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** A UTC ISO instant → `YYYY-MM-DDTHH:mm` on the wall clock of `timeZone`; '' for null or garbage. */
export function utcToZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const w = wallClockAt(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * A `YYYY-MM-DDTHH:mm` wall-clock time in `timeZone` → UTC ISO (`…Z`); null for ''; undefined when the
 * text is not such a time. Every time that exists on the zone's clock round-trips; one skipped by a
 * spring-forward jump (02:30 that night) resolves to the instant an hour earlier.
 */
export function zonedInputToUtc(local: string, timeZone: string): string | null | undefined {
  if (local.trim() === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  const asIfUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(asIfUtc)) return undefined;
  // Two passes: the offset at the first guess can differ from the offset at the answer across a DST change.
  let instant = asIfUtc - offsetAt(asIfUtc, timeZone);
  instant = asIfUtc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/**
 * Instants and the competition's wall clock. Time is stored in UTC; organizers think in the
 * competition's IANA time zone. Only Intl is used (no time-zone database shipped to the browser), and
 * days of 23 or 25 hours (daylight saving) come out right.
 *
 * A plain calendar date typed for a moment means a day in the competition's zone: a date that opens
 * something ("registration opens 2026-11-01") is the START of that day, one that closes something
 * ("closes 2026-12-01") its END, so the whole day is included.
 */
import { translator } from './i18n/catalog.ts';
import { INTL_TAGS, type Locale } from './i18n/locales.ts';
import { sportText } from './i18n/sport.ts';

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

/** The zone's wall clock at `instant`, written as if it were UTC (ms, whole seconds). */
function wallClockMs(instant: number, timeZone: string): number {
  const w = wallClockAt(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  return wallClockMs(instant, timeZone) - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** True when `timeZone` is an IANA name this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length >= 64) return false;
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
  return new Date(fromWallClock(asIfUtc, timeZone)).toISOString();
}

/** Two passes: the offset at the first guess can differ from the offset at the answer across a DST change. */
function fromWallClock(asIfUtc: number, timeZone: string): number {
  const first = asIfUtc - offsetAt(asIfUtc, timeZone);
  return asIfUtc - offsetAt(first, timeZone);
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isPlainDate(value: string): boolean {
  const m = PLAIN_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** The first instant (ms) of calendar day `date` (YYYY-MM-DD) in `timeZone`. */
export function startOfDay(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  const guess = fromWallClock(midnight, timeZone);
  // Where clocks jump over midnight (e.g. America/Santiago) there is no 00:00: the guess lands on the
  // evening before (old offset), and the day starts at the jump: midnight read with the old offset.
  if (wallClockMs(guess, timeZone) >= midnight) return guess;
  return midnight - offsetAt(guess, timeZone);
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

/** How a competition writes clock times (one setting per competition, used by every screen). */
export const CLOCK_FORMATS = ['12h', '24h'] as const;
export type ClockFormat = (typeof CLOCK_FORMATS)[number];
/** Competitions carry no locale to decide from; the app speaks US English, where 3:45 PM is usual. */
export const DEFAULT_CLOCK: ClockFormat = '12h';

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

function clockFormatter(
  timeZone: string,
  clock: ClockFormat,
  withDay: boolean,
  locale: Locale,
  withSeconds: boolean,
): Intl.DateTimeFormat {
  const key = `${timeZone}|${clock}|${withDay}|${locale}|${withSeconds}`;
  let f = clockFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_TAGS[locale], {
      timeZone: isKnownTimeZone(timeZone) ? timeZone : 'UTC',
      // h23, not h24: midnight is 00:00, never 24:00.
      hourCycle: clock === '24h' ? 'h23' : 'h12',
      hour: clock === '24h' ? '2-digit' : 'numeric',
      minute: '2-digit',
      ...(withSeconds ? { second: '2-digit' as const } : {}),
      ...(withDay ? { weekday: 'short' as const } : {}),
    });
    clockFormatters.set(key, f);
  }
  return f;
}

/**
 * An instant as a clock time on the competition's wall clock: "3:45 PM" or "15:45", and with the day
 * first when the competition spans days ("Sat 3:45 PM"). "TBA" (spec §3's placeholder) when there is no
 * readable instant (in the reader's language: "folgt", "por confirmar"); an unknown zone reads as UTC so a bad setting never breaks a page. Built from parts
 * so the server, every browser and every ICU version write the same text.
 */
export function formatTime(
  instant: string | null | undefined,
  timeZone: string,
  clock: ClockFormat,
  withDay = false,
  locale: Locale = 'en',
): string {
  return wallClock(instant, timeZone, clock, withDay, locale, false);
}

/**
 * The same with the seconds, for a moment a reader compares with their own clock ("updated 12:03:41",
 * "12:03:41 PM"), never with the day.
 */
export function formatTimeWithSeconds(
  instant: string | null | undefined,
  timeZone: string,
  clock: ClockFormat,
  locale: Locale = 'en',
): string {
  return wallClock(instant, timeZone, clock, false, locale, true);
}

function wallClock(
  instant: string | null | undefined,
  timeZone: string,
  clock: ClockFormat,
  withDay: boolean,
  locale: Locale,
  withSeconds: boolean,
): string {
  const t = instant ? Date.parse(instant) : NaN;
  if (Number.isNaN(t)) return translator(sportText, locale)('time.tba');
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of clockFormatter(timeZone, clock, withDay, locale, withSeconds).formatToParts(t))
    parts[p.type] = p.value;
  const day = withDay && parts.weekday ? `${parts.weekday} ` : '';
  const seconds = withSeconds ? `:${parts.second}` : '';
  const period = clock === '12h' && parts.dayPeriod ? ` ${parts.dayPeriod}` : '';
  return `${day}${parts.hour}:${parts.minute}${seconds}${period}`;
}

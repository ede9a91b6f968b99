import { tierDeadline } from '../../domain/registration.ts';
import type { Competition } from '../../domain/schemas/competition.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date formatter for these options, made once: building an Intl.DateTimeFormat costs far more than
 * using one, and a schedule of a hundred rounds formats hundreds of times per render.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', options);
    formats.set(key, f);
  }
  return f;
}

/** Calendar dates (YYYY-MM-DD) are days, not instants: read and print them in UTC so no zone shifts them. */
function dayParts(isoDate: string) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const parts = dateFormat({
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday'), day: part('day'), month: part('month'), year: part('year') };
}

/**
 * "Sat 14 – Sun 15 November 2026"; "Sat 31 October – Sun 1 November 2026"; "Sat 14 November 2026"
 * for a one-day competition.
 */
export function formatDateRange(startDate: string, endDate: string): string {
  const a = dayParts(startDate);
  const b = dayParts(endDate) ?? a;
  if (!a || !b) return '';
  const full = (d: NonNullable<typeof a>) => `${d.weekday} ${d.day} ${d.month} ${d.year}`;
  if (startDate === endDate || endDate === '') return full(a);
  if (a.year !== b.year) return `${full(a)} – ${full(b)}`;
  if (a.month !== b.month) return `${a.weekday} ${a.day} ${a.month} – ${full(b)}`;
  return `${a.weekday} ${a.day} – ${full(b)}`;
}

/** An instant shown as a short day in the competition's time zone: "30 Oct" (with the year if not this one). */
export function formatShortDay(instant: string, timeZone: string, now: Date = new Date()): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const zone = safeZone(timeZone);
  const year = (d: Date) => dateFormat({ year: 'numeric', timeZone: zone }).format(d);
  const parts = dateFormat({
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: zone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const text = `${part('day')} ${part('month')}`;
  return year(date) === year(now) ? text : `${text} ${part('year')}`;
}

/** The zone if the browser knows it, else UTC (a bad zone must not break a page). */
export function safeZone(timeZone: string): string {
  try {
    dateFormat({ timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** "$25", "$27.50", "€30". */
export function formatMoney(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(whole ? 0 : 2)} ${currency}`;
  }
}

/** The price tiers' names as entrants see them. */
export const TIER_NAMES: Record<string, string> = { EARLY: 'Early', OPEN: 'Regular', CLOSED: 'Late' };

export interface RegistrationSummary {
  /** Whether a couple can register now. */
  canRegister: boolean;
  /** One line: "Registration open — Early tier, $25 per person until 30 Oct". */
  text: string;
}

type RegistrationFields = Pick<
  Competition,
  | 'registration'
  | 'registrationStatus'
  | 'currency'
  | 'timeZone'
  | 'dateRegistrationEarly'
  | 'dateRegistrationOpen'
  | 'dateRegistrationClosed'
>;

/**
 * The registration line of the home and register pages. The server decides (spec §4, domain/
 * registration.ts) the status shown, whether a couple may register, the tier and its fee; here we
 * only word them, with the current tier's deadline. Once the early and open dates are past the status
 * reads closed, and late entries, while still taken, are offered beside it.
 */
export function registrationSummary(c: RegistrationFields, now: Date = new Date()): RegistrationSummary {
  const { tier, isOpen, fee } = c.registration;
  if (!isOpen) return { canRegister: false, text: 'Registration closed' };
  const deadline = tierDeadline(c, tier);
  const until = deadline ? ` until ${formatShortDay(deadline, c.timeZone, now)}` : '';
  const price = formatMoney(fee, c.currency);
  if (c.registrationStatus === 'closed') {
    return { canRegister: true, text: `Registration closed — late entries${until}, ${price} per person` };
  }
  return {
    canRegister: true,
    text: `Registration open — ${TIER_NAMES[tier]} tier, ${price} per person${until}`,
  };
}

/** https://www.instagram.com/<handle without the leading @>, or null when there is no handle. */
export function instagramUrl(handle: string): string | null {
  const name = handle.trim().replace(/^@+/, '');
  return name ? `https://www.instagram.com/${encodeURIComponent(name)}` : null;
}

/** "1st", "2nd", "3rd", "11th"; a shared place stays a number ("2.5"). */
export function ordinal(place: number): string {
  if (!Number.isInteger(place)) return String(place);
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
}

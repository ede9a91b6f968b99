/**
 * Dates and amounts worded for people, the same on screens and in the emails the server sends.
 */

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

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$25", "$27.50", "€30". */
export function formatMoney(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  // Made once per currency and kind, like dateFormat: an import words thousands of amounts.
  const key = `${currency}|${whole}`;
  try {
    let f = moneyFormats.get(key);
    if (!f) {
      f = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: whole ? 0 : 2,
        maximumFractionDigits: 2,
      });
      moneyFormats.set(key, f);
    }
    return f.format(amount);
  } catch {
    return `${amount.toFixed(whole ? 0 : 2)} ${currency}`;
  }
}

/** The price tiers' names as entrants see them. */
export const TIER_NAMES: Record<string, string> = { EARLY: 'Early', OPEN: 'Regular', CLOSED: 'Late' };

/**
 * Dates and amounts worded for people, the same on screens and in the emails the server sends, in
 * the reader's language (English when none is given).
 */
import { INTL_TAGS, type Locale } from './i18n/locales.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date formatter for these options, made once: building an Intl.DateTimeFormat costs far more than
 * using one, and a schedule of a hundred rounds formats hundreds of times per render.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions, locale: Locale = 'en'): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_TAGS[locale], options);
    formats.set(key, f);
  }
  return f;
}

/** Calendar dates (YYYY-MM-DD) are days, not instants: read and print them in UTC so no zone shifts them. */
function dayParts(isoDate: string, locale: Locale) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const parts = dateFormat(
    {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    },
    locale,
  ).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday'), day: part('day'), month: part('month'), year: part('year') };
}

/**
 * "Sat 14 – Sun 15 November 2026"; "Sat 31 October – Sun 1 November 2026"; "Sat 14 November 2026"
 * for a one-day competition.
 */
export function formatDateRange(startDate: string, endDate: string, locale: Locale = 'en'): string {
  const a = dayParts(startDate, locale);
  const b = dayParts(endDate, locale) ?? a;
  if (!a || !b) return '';
  if (locale !== 'en') return rangeIn(startDate, endDate || startDate, locale);
  const full = (d: NonNullable<typeof a>) => `${d.weekday} ${d.day} ${d.month} ${d.year}`;
  if (startDate === endDate || endDate === '') return full(a);
  if (a.year !== b.year) return `${full(a)} – ${full(b)}`;
  if (a.month !== b.month) return `${a.weekday} ${a.day} ${a.month} – ${full(b)}`;
  return `${a.weekday} ${a.day} – ${full(b)}`;
}

/** Other languages word a range as Intl does for them ("Sa., 14. – So., 15. November 2026"). */
function rangeIn(startDate: string, endDate: string, locale: Locale): string {
  const f = dateFormat(
    { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
    locale,
  );
  const a = new Date(`${startDate}T00:00:00Z`);
  const b = new Date(`${endDate}T00:00:00Z`);
  return startDate === endDate ? f.format(a) : f.formatRange(a, b);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$25", "$27.50", "€30"; in German "30 €". */
export function formatMoney(amount: number, currency: string, locale: Locale = 'en'): string {
  const whole = Number.isInteger(amount);
  // Made once per currency and kind, like dateFormat: an import words thousands of amounts.
  const key = `${locale}|${currency}|${whole}`;
  try {
    let f = moneyFormats.get(key);
    if (!f) {
      f = new Intl.NumberFormat(INTL_TAGS[locale], {
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

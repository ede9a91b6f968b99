import { dateFormat } from '../../domain/format.ts';
import type { Locale } from '../../domain/i18n/locales.ts';

// Shared with the emails the server composes (src/domain/messages), so both word dates and money alike.
export { dateFormat, formatDateRange, formatMoney, TIER_NAMES } from '../../domain/format.ts';

/**
 * An instant shown as a short day in the competition's time zone: "30 Oct" (with the year if not this
 * one); in German "30. Okt.", in Spanish "30 oct".
 */
export function formatShortDay(
  instant: string,
  timeZone: string,
  now: Date = new Date(),
  locale: Locale = 'en',
): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const zone = safeZone(timeZone);
  const year = (d: Date) => dateFormat({ year: 'numeric', timeZone: zone }).format(d);
  if (locale !== 'en') {
    const withYear = year(date) !== year(now);
    return dateFormat(
      { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone: zone },
      locale,
    ).format(date);
  }
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

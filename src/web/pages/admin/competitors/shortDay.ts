import type { Locale } from '../../../../domain/i18n/locales.ts';
import { dateFormat, formatShortDay, safeZone } from '../../../components/format.ts';

/**
 * An instant as a short day in the competition's zone, in the reader's language: "30 Oct" (English as
 * formatShortDay words it), "30. Okt.", "30 oct"; with the year when it is not this one.
 */
export function shortDay(instant: string, timeZone: string, locale: Locale, now: Date = new Date()): string {
  if (locale === 'en') return formatShortDay(instant, timeZone, now);
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const zone = safeZone(timeZone);
  const year = (d: Date) => dateFormat({ year: 'numeric', timeZone: zone }).format(d);
  const withYear = year(date) !== year(now);
  return dateFormat(
    { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone: zone },
    locale,
  ).format(date);
}

import { tierDeadline } from '../../domain/registration.ts';
import type { Competition } from '../../domain/schemas/competition.ts';
import { dateFormat, formatMoney } from '../../domain/format.ts';
import { translator } from '../../domain/i18n/catalog.ts';
import type { Locale } from '../../domain/i18n/locales.ts';
import { feesText, type FeesKey } from './fees/text.ts';

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

export interface RegistrationSummary {
  /** Whether a couple can register now. */
  canRegister: boolean;
  /** One line: "Registration open — Early tier, $25 per dancer per event until 30 Oct". */
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
export function registrationSummary(
  c: RegistrationFields,
  now: Date = new Date(),
  locale: Locale = 'en',
): RegistrationSummary {
  const t = translator(feesText, locale);
  const { tier, isOpen, fee } = c.registration;
  if (!isOpen) return { canRegister: false, text: t('closed') };
  const deadline = tierDeadline(c, tier);
  const date = deadline ? formatShortDay(deadline, c.timeZone, now, locale) : '';
  const price = formatMoney(fee, c.currency, locale);
  if (c.registrationStatus === 'closed') {
    return { canRegister: true, text: date ? t('lateUntil', { date, price }) : t('late', { price }) };
  }
  const values = { tier: tierName(t, tier), price, date };
  return { canRegister: true, text: t(date ? 'openUntil' : 'open', values) };
}

/** A price tier's name as entrants see it: "Early", "Regular", "Late" (an unknown one as it is). */
export function tierName(t: (key: FeesKey) => string, tier: string): string {
  return tier === 'EARLY' || tier === 'OPEN' || tier === 'CLOSED' ? t(`tier.${tier}`) : tier;
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

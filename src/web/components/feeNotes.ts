import type { Competition } from '../../domain/schemas/competition.ts';
import { formatMoney, formatShortDay } from './format.ts';
import { tierDeadline } from '../../domain/registration.ts';
import { translator } from '../../domain/i18n/catalog.ts';
import type { Locale } from '../../domain/i18n/locales.ts';
import { feesText, type FeesKey } from './fees/text.ts';

/**
 * What a competitor pays beside the entry fees, one line each: the admission, and each discount
 * category (which the organizers give: a dancer cannot claim it on the form).
 */
export function feeNotes(
  c: Pick<Competition, 'admissionFee' | 'discounts' | 'currency'>,
  locale: Locale = 'en',
): string[] {
  const t = translator(feesText, locale);
  return [
    ...(c.admissionFee > 0
      ? [t('admission', { amount: formatMoney(c.admissionFee, c.currency, locale) })]
      : []),
    ...c.discounts.map((d) => t('discount', { name: d.name, percent: String(d.percent) })),
  ];
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

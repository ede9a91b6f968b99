import type { Competition } from '../../domain/schemas/competition.ts';
import { formatMoney } from './format.ts';
import { translator } from '../../domain/i18n/catalog.ts';
import type { Locale } from '../../domain/i18n/locales.ts';
import { feesText } from './fees/text.ts';

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

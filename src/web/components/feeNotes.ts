import type { Competition } from '../../domain/schemas/competition.ts';
import { formatMoney } from './format.ts';

/**
 * What a competitor pays beside the entry fees, one line each: the admission, and each discount
 * category (which the organizers give: a dancer cannot claim it on the form).
 */
export function feeNotes(c: Pick<Competition, 'admissionFee' | 'discounts' | 'currency'>): string[] {
  return [
    ...(c.admissionFee > 0
      ? [`Admission: ${formatMoney(c.admissionFee, c.currency)} per dancer, once for the competition`]
      : []),
    ...c.discounts.map((d) => `${d.name}: ${d.percent}% off entry fees — the organizers set it`),
  ];
}

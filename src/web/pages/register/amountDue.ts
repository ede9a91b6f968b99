/**
 * What the registration form says a couple will owe as events are ticked: each dancer pays the fee of
 * each event (the tier's, or the event's own) and the admission once, as the server bills it
 * (domain/money/feeRules.ts). Discounts are the organizers' to give, so the sum is before any.
 */
import { couplePriceCents, feeRulesOf, toCents } from '../../../domain/money/feeRules.ts';
import type { Competition } from '../../../domain/schemas/competition.ts';
import { DANCERS_PER_COUPLE } from '../../../domain/fees.ts';
import { formatMoney } from '../../components/format.ts';

export type FeeFields = Pick<
  Competition,
  | 'registration'
  | 'currency'
  | 'paymentTierEarly'
  | 'paymentTierOpen'
  | 'paymentTierLate'
  | 'admissionFee'
  | 'discounts'
>;

/** An event as the sum needs it: its own fee per dancer, or null for the tier's. */
export interface PricedEvent {
  name: string;
  fee?: number | null | undefined;
}

export interface AmountDue {
  /** For the two dancers: "$110". */
  total: string;
  /** What makes it up, per dancer: "$55 per dancer: 2 events at $25, admission $5". */
  detail: string;
}

export function amountDue(c: FeeFields, chosen: readonly PricedEvent[]): AmountDue {
  const rules = feeRulesOf(c);
  const { tier } = c.registration;
  const money = (cents: number) => formatMoney(cents / 100, c.currency);
  const tierFee = money(rules.tierCents[tier]);
  const admission = chosen.length > 0 ? rules.admissionCents : 0;
  const totalCents =
    couplePriceCents(
      rules,
      tier,
      chosen.map((e) => e.fee ?? null),
    ) +
    admission * DANCERS_PER_COUPLE;
  if (chosen.length === 0) {
    const plus = rules.admissionCents > 0 ? `, plus ${money(rules.admissionCents)} admission` : '';
    return { total: money(0), detail: `Tick your events: ${tierFee} per dancer per event${plus}.` };
  }
  const atTier = chosen.filter((e) => e.fee === null || e.fee === undefined).length;
  const parts = [
    ...(atTier > 0 ? [`${atTier} ${atTier === 1 ? 'event' : 'events'} at ${tierFee}`] : []),
    ...chosen.flatMap((e) =>
      e.fee === null || e.fee === undefined ? [] : [`${e.name} ${money(toCents(e.fee))}`],
    ),
    ...(admission > 0 ? [`admission ${money(admission)}`] : []),
  ];
  const before = c.discounts.length > 0 ? ' Before any discount.' : '';
  return {
    total: money(totalCents),
    detail: `${money(totalCents / DANCERS_PER_COUPLE)} per dancer: ${parts.join(', ')}.${before}`,
  };
}

/** The events that have their own fee, for the form's lead: "Team Match $15". */
export function ownFees(c: Pick<Competition, 'currency'>, events: readonly PricedEvent[]): string[] {
  return events.flatMap((e) =>
    e.fee === null || e.fee === undefined ? [] : [`${e.name} ${formatMoney(e.fee, c.currency)}`],
  );
}

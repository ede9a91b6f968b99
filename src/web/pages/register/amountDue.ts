/**
 * What the registration form says a couple will owe as events are ticked: each dancer pays the fee of
 * each event (the tier's, or the event's own) and the admission once, as the server bills it
 * (domain/money/feeRules.ts). Discounts are the organizers' to give, so the sum is before any.
 */
import { couplePriceCents, feeRulesOf, toCents } from '../../../domain/money/feeRules.ts';
import type { Competition } from '../../../domain/schemas/competition.ts';
import { DANCERS_PER_COUPLE } from '../../../domain/fees.ts';
import { formatMoney } from '../../components/format.ts';
import { translator } from '../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { registerText } from './text.ts';

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

export function amountDue(c: FeeFields, chosen: readonly PricedEvent[], locale: Locale = 'en'): AmountDue {
  const t = translator(registerText, locale);
  const rules = feeRulesOf(c);
  const { tier } = c.registration;
  const money = (cents: number) => formatMoney(cents / 100, c.currency, locale);
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
    const detail =
      rules.admissionCents > 0
        ? t('due.noneAdmission', { fee: tierFee, admission: money(rules.admissionCents) })
        : t('due.none', { fee: tierFee });
    return { total: money(0), detail };
  }
  const atTier = chosen.filter((e) => e.fee === null || e.fee === undefined).length;
  const parts = [
    ...(atTier > 0 ? [t('due.atTier', { count: atTier, fee: tierFee })] : []),
    ...chosen.flatMap((e) =>
      e.fee === null || e.fee === undefined ? [] : [`${e.name} ${money(toCents(e.fee))}`],
    ),
    ...(admission > 0 ? [t('due.admission', { fee: money(admission) })] : []),
  ];
  const values = { amount: money(totalCents / DANCERS_PER_COUPLE), parts: parts.join(', ') };
  return {
    total: money(totalCents),
    detail: t(c.discounts.length > 0 ? 'due.detailDiscount' : 'due.detail', values),
  };
}

/** The events that have their own fee, for the form's lead: "Team Match $15". */
export function ownFees(
  c: Pick<Competition, 'currency'>,
  events: readonly PricedEvent[],
  locale: Locale = 'en',
): string[] {
  return events.flatMap((e) =>
    e.fee === null || e.fee === undefined ? [] : [`${e.name} ${formatMoney(e.fee, c.currency, locale)}`],
  );
}

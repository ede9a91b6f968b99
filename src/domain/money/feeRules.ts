/**
 * What a dancer pays to enter, in integer cents of the competition's currency. The competition's fees
 * are kept in currency units (25 means 25.00); every sum is done in cents so nothing is lost to
 * rounding.
 */
import type { RegistrationTierName } from '../registration.ts';

/** A discount category an organizer offers (students, juniors), applied to a dancer's entry fees. */
export interface DiscountCategory {
  /** Stable key kept on the dancer (lower-case letters, digits and dashes). */
  key: string;
  name: string;
  /** Percent off each entry fee, 1–100. */
  percent: number;
}

/** The fee rules of one competition, in cents. */
export interface FeeRules {
  /** Per dancer per entry, by the tier the couple registered in. */
  tierCents: Record<RegistrationTierName, number>;
  /** Per dancer, once per competition; 0: none. */
  admissionCents: number;
  discounts: readonly DiscountCategory[];
}

/** The most any one amount may be: 1,000,000.00. */
export const MAX_AMOUNT_CENTS = 100_000_000;

/** Currency units (as a competition's fees are kept and typed) to cents. */
export const toCents = (units: number): number => Math.round(units * 100);

/** Cents to currency units, for the fields that are in units. */
export const toUnits = (cents: number): number => cents / 100;

export function feeRulesOf(c: {
  paymentTierEarly: number;
  paymentTierOpen: number;
  paymentTierLate: number;
  admissionFee: number;
  discounts: readonly DiscountCategory[];
}): FeeRules {
  return {
    tierCents: {
      EARLY: toCents(c.paymentTierEarly),
      OPEN: toCents(c.paymentTierOpen),
      // Late entries: the close date's tier is the late fee (fees.ts `tierFee`).
      CLOSED: toCents(c.paymentTierLate),
    },
    admissionCents: toCents(c.admissionFee),
    discounts: c.discounts,
  };
}

/**
 * The fee per dancer of one entry: the event's own fee when it has one (a team match, a solo),
 * otherwise the fee of the couple's tier.
 */
export function entryFeeCents(rules: FeeRules, tier: RegistrationTierName, eventFee: number | null): number {
  return eventFee === null ? rules.tierCents[tier] : toCents(eventFee);
}

/** The discount category of that key, if the competition still offers it. */
export function discountOf(rules: FeeRules, key: string | null): DiscountCategory | null {
  return key === null ? null : (rules.discounts.find((d) => d.key === key) ?? null);
}

/**
 * The discount on a fee, as a negative amount (0 without one). Rounded to the cent, halves towards the
 * dancer.
 */
export function discountCents(feeCents: number, discount: DiscountCategory | null): number {
  if (!discount || feeCents <= 0) return 0;
  return -Math.ceil((feeCents * discount.percent) / 100 - 1e-9);
}

/** What one couple's entries cost before any admission: per dancer, per entry (the registration form's sum). */
export function couplePriceCents(
  rules: FeeRules,
  tier: RegistrationTierName,
  eventFees: readonly (number | null)[],
  discounts: readonly [DiscountCategory | null, DiscountCategory | null] = [null, null],
): number {
  let sum = 0;
  for (const fee of eventFees)
    for (const d of discounts) {
      const cents = entryFeeCents(rules, tier, fee);
      sum += cents + discountCents(cents, d);
    }
  return sum;
}

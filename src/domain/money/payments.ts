/**
 * What the desk may record against an account. The amount's own checks (whole cents, not zero, not
 * absurd) are the request's; this is the rule that needs the account: a refund gives back at most what
 * was paid.
 */
import { formatMoney } from '../format.ts';

/** Why a payment of `amountCents` (a refund when negative) cannot be recorded, or null. */
export function refundProblem(amountCents: number, paidCents: number, currency = 'USD'): string | null {
  if (amountCents >= 0 || -amountCents <= paidCents) return null;
  const paid = formatMoney(Math.max(paidCents, 0) / 100, currency);
  return paidCents > 0
    ? `A refund cannot be more than was paid (${paid}).`
    : 'Nothing was paid on this invoice, so there is nothing to refund.';
}

/**
 * The fee of each registration tier, and whether registering is still accepted. A couple registers
 * together; each dancer pays the tier's fee per event (money/feeRules.ts sums it, in cents).
 */
import type { RegistrationTierName } from './registration.ts';

/** The two dancers of a couple: each pays the fee of each event. */
export const DANCERS_PER_COUPLE = 2;

/** The fee per dancer of each tier, as a competition sets them. */
export interface TierFees {
  paymentTierEarly: number;
  paymentTierOpen: number;
  paymentTierLate: number;
}

/** The fee per dancer of a tier: CLOSED is the late tier (late entries until the close date). */
export function tierFee(fees: TierFees, tier: RegistrationTierName): number {
  return tier === 'EARLY'
    ? fees.paymentTierEarly
    : tier === 'OPEN'
      ? fees.paymentTierOpen
      : fees.paymentTierLate;
}

/** What a couple was about to do when registration turned out to be closed. */
export type ClosedAction = 'register' | 'change entries';

const CLOSED_MESSAGES: Record<ClosedAction, string> = {
  register: 'Registration is closed. Contact the organizers to be added.',
  'change entries':
    'Registration is closed, so entries can no longer be changed here. Contact the organizers.',
};

/** A couple may not register, or change their entries themselves, once registration has closed. */
export class RegistrationClosedError extends Error {
  override readonly name = 'RegistrationClosedError';
  constructor(readonly action: ClosedAction) {
    super(CLOSED_MESSAGES[action]);
  }
}

/**
 * Throws `RegistrationClosedError` when registration is closed (the tier's `isOpen`, see
 * `registrationTier`). The organizers are not bound by it: they pass `organizer`.
 */
export function assertRegistrationOpen(
  tier: { isOpen: boolean },
  action: ClosedAction,
  organizer = false,
): void {
  if (!organizer && !tier.isOpen) throw new RegistrationClosedError(action);
}

export type RegistrationTierName = 'EARLY' | 'OPEN' | 'CLOSED';

export interface RegistrationDates {
  dateRegistrationEarly: string | null;
  dateRegistrationOpen: string | null;
  dateRegistrationClosed: string | null;
  paymentTierEarly: number;
  paymentTierOpen: number;
  paymentTierLate: number;
}

export interface RegistrationTierInfo {
  tier: RegistrationTierName;
  /** Whether registrations are accepted now. */
  isOpen: boolean;
  /** The fee per entry for someone registering now. */
  fee: number;
  displayStatus: 'open' | 'closed';
}

/**
 * The registration tier in force at `now`.
 * - before `dateRegistrationOpen` → EARLY, early fee (registration opens with the early tier; the
 *   early date is when early registration is announced and does not change the fee);
 * - from `dateRegistrationOpen` until `dateRegistrationClosed` → OPEN, open fee;
 * - at or after `dateRegistrationClosed` → CLOSED, late fee (what an organizer charges an entry added
 *   after the close, e.g. on the day).
 * A missing open date means there is no early tier; a missing close date means it never closes.
 *
 * `isOpen` is spec §4's rule: no close date, or the close date still ahead.
 * `displayStatus` follows `isOpen`. The spec's literal rule ("open if the early or open date is still in
 * the future") would show "closed" during the whole open tier, while people can still register —
 * that contradicts domain.md ("registration is open when there is no close date or it is still
 * ahead"), so the page shows what a visitor can actually do.
 */
export function registrationTier(c: RegistrationDates, now: Date): RegistrationTierInfo {
  const t = now.getTime();
  const close = parseInstant(c.dateRegistrationClosed);
  const open = parseInstant(c.dateRegistrationOpen);
  const isOpen = close === null || close > t;
  let tier: RegistrationTierName;
  if (!isOpen) tier = 'CLOSED';
  else if (open !== null && t < open) tier = 'EARLY';
  else tier = 'OPEN';
  const fee = tier === 'EARLY' ? c.paymentTierEarly : tier === 'OPEN' ? c.paymentTierOpen : c.paymentTierLate;
  return { tier, isOpen, fee, displayStatus: isOpen ? 'open' : 'closed' };
}

function parseInstant(iso: string | null): number | null {
  if (iso === null || iso === '') return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

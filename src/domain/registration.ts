import { tierFee, type TierFees } from './fees.ts';

export type RegistrationTierName = 'EARLY' | 'OPEN' | 'CLOSED';

export function isRegistrationTier(value: string): value is RegistrationTierName {
  return value === 'EARLY' || value === 'OPEN' || value === 'CLOSED';
}
/**
 * The public competitor list's page (`?limit=&offset=`): the default holds every competitor of an
 * ordinary competition, so a caller that does not page still sees them all there; the total is in
 * `X-Total-Count`.
 */
export const COMPETITORS_PAGE = 500;
export const COMPETITORS_MAX_PAGE = 1_000;

export interface RegistrationDates extends TierFees {
  dateRegistrationEarly: string | null;
  dateRegistrationOpen: string | null;
  dateRegistrationClosed: string | null;
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
 * The registration tier in force at `now`. The three dates are deadlines, one per fee (spec §3 pairs
 * them with paymentTierEarly, paymentTierOpen and paymentTierLate):
 * - until `dateRegistrationEarly` → EARLY, early fee;
 * - then until `dateRegistrationOpen` → OPEN, open (regular) fee;
 * - after both → CLOSED, late fee: regular registration is over, late entries still come in
 *   until `dateRegistrationClosed`.
 * A missing early date means there is no early tier; a missing open date means the regular fee never
 * ends, so there is no late tier.
 *
 * Spec §4 has two rules and both hold:
 * - `isOpen`: "Registration is open when there is no close date or the close date is in the future":
 *   whether a couple can still register (the server refuses otherwise).
 * - `displayStatus`: "open if the early or open date is still in the future, otherwise closed": the
 *   status shown, i.e. whether the regular tiers are still running. After both it reads "closed"
 *   while late entries, at the late fee, may still be accepted until the close date; the site says
 *   so beside it. It is never "open" while registering is refused.
 */
export function registrationTier(c: RegistrationDates, now: Date): RegistrationTierInfo {
  const t = now.getTime();
  const early = parseInstant(c.dateRegistrationEarly);
  const open = parseInstant(c.dateRegistrationOpen);
  const close = parseInstant(c.dateRegistrationClosed);
  const isOpen = close === null || close > t;
  let tier: RegistrationTierName;
  if (!isOpen) tier = 'CLOSED';
  else if (early !== null && early > t) tier = 'EARLY';
  else if (open === null || open > t) tier = 'OPEN';
  else tier = 'CLOSED';
  return { tier, isOpen, fee: tierFee(c, tier), displayStatus: tier === 'CLOSED' ? 'closed' : 'open' };
}

/** The instant the tier in force ends: its own deadline, or null when none is set. */
export function tierDeadline(
  c: Pick<RegistrationDates, 'dateRegistrationEarly' | 'dateRegistrationOpen' | 'dateRegistrationClosed'>,
  tier: RegistrationTierName,
): string | null {
  const date =
    tier === 'EARLY'
      ? c.dateRegistrationEarly
      : tier === 'OPEN'
        ? c.dateRegistrationOpen
        : c.dateRegistrationClosed;
  return date || null;
}

function parseInstant(iso: string | null): number | null {
  if (iso === null || iso === '') return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

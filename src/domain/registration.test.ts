import { describe, expect, it } from 'vitest';
import { registrationTier, tierDeadline } from './registration.ts';

// Deadlines: early fee until 1 Sep, regular until 1 Oct, late entries until 1 Nov.
const comp = {
  dateRegistrationEarly: '2026-09-01T00:00:00Z',
  dateRegistrationOpen: '2026-10-01T00:00:00Z',
  dateRegistrationClosed: '2026-11-01T00:00:00Z',
  paymentTierEarly: 15,
  paymentTierOpen: 20,
  paymentTierLate: 30,
};
const at = (iso: string) => registrationTier(comp, new Date(iso));

describe('registration tier', () => {
  it.each([
    { tier: 'EARLY', fee: 15, from: 'before', first: '2026-08-15T00:00:00Z', last: '2026-08-31T23:59:59Z' },
    {
      tier: 'OPEN',
      fee: 20,
      from: 'the early date',
      first: '2026-09-01T00:00:00Z',
      last: '2026-09-30T23:59:59Z',
    },
  ])('charges the $tier fee from $from until its deadline, and shows open', ({ tier, fee, first, last }) => {
    const open = { tier, isOpen: true, fee, displayStatus: 'open' };
    expect(at(first)).toEqual(open);
    expect(at(last)).toEqual(open);
  });

  it('shows closed once the early and open dates are past, while late entries are still taken (spec §4)', () => {
    const late = { tier: 'CLOSED', isOpen: true, fee: 30, displayStatus: 'closed' };
    expect(at('2026-10-15T00:00:00Z')).toEqual(late);
    // At the close date registering stops too.
    expect(at('2026-11-01T00:00:00Z')).toEqual({ ...late, isOpen: false });
  });

  it('never shows open while registering is refused', () => {
    // A close date before the other deadlines (the setup form refuses it; imported data might not).
    const odd = { ...comp, dateRegistrationClosed: '2026-08-01T00:00:00Z' };
    expect(registrationTier(odd, new Date('2026-08-15T00:00:00Z'))).toMatchObject({
      isOpen: false,
      displayStatus: 'closed',
    });
  });

  it('stays open forever without a close date', () => {
    const r = registrationTier({ ...comp, dateRegistrationClosed: null }, new Date('2030-01-01T00:00:00Z'));
    expect(r).toMatchObject({ tier: 'CLOSED', isOpen: true, fee: 30, displayStatus: 'closed' });
  });

  it('has no early tier without an early date, and no late tier without an open date', () => {
    const noEarly = { ...comp, dateRegistrationEarly: null };
    expect(registrationTier(noEarly, new Date('2026-08-15T00:00:00Z'))).toMatchObject({
      tier: 'OPEN',
      fee: 20,
    });
    const noDeadlines = { ...comp, dateRegistrationEarly: null, dateRegistrationOpen: null };
    expect(registrationTier(noDeadlines, new Date('2026-10-15T00:00:00Z'))).toEqual({
      tier: 'OPEN',
      isOpen: true,
      fee: 20,
      displayStatus: 'open',
    });
  });

  it('names the deadline of each tier', () => {
    expect(tierDeadline(comp, 'EARLY')).toBe(comp.dateRegistrationEarly);
    expect(tierDeadline(comp, 'OPEN')).toBe(comp.dateRegistrationOpen);
    expect(tierDeadline(comp, 'CLOSED')).toBe(comp.dateRegistrationClosed);
    expect(tierDeadline({ ...comp, dateRegistrationOpen: null }, 'OPEN')).toBeNull();
  });
});

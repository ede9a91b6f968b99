import { describe, expect, it } from 'vitest';
import { registrationTier } from './registration.ts';

const comp = {
  dateRegistrationEarly: '2026-09-01T00:00:00Z',
  dateRegistrationOpen: '2026-10-01T00:00:00Z',
  dateRegistrationClosed: '2026-11-01T00:00:00Z',
  paymentTierEarly: 15,
  paymentTierOpen: 20,
  paymentTierLate: 30,
};

describe('registration tier', () => {
  it('charges the early fee before the open date', () => {
    expect(registrationTier(comp, new Date('2026-09-15T00:00:00Z'))).toEqual({
      tier: 'EARLY',
      isOpen: true,
      fee: 15,
      displayStatus: 'open',
    });
  });

  it('charges the open fee from the open date until the close', () => {
    expect(registrationTier(comp, new Date('2026-10-01T00:00:00Z'))).toMatchObject({ tier: 'OPEN', fee: 20 });
    const r = registrationTier(comp, new Date('2026-10-31T23:59:59Z'));
    expect(r).toEqual({ tier: 'OPEN', isOpen: true, fee: 20, displayStatus: 'open' });
  });

  it('is closed at the close date and quotes the late fee', () => {
    expect(registrationTier(comp, new Date('2026-11-01T00:00:00Z'))).toEqual({
      tier: 'CLOSED',
      isOpen: false,
      fee: 30,
      displayStatus: 'closed',
    });
  });

  it('stays open forever without a close date', () => {
    const r = registrationTier({ ...comp, dateRegistrationClosed: null }, new Date('2030-01-01T00:00:00Z'));
    expect(r).toMatchObject({ tier: 'OPEN', isOpen: true, displayStatus: 'open' });
  });

  it('has no early tier without an open date', () => {
    const r = registrationTier({ ...comp, dateRegistrationOpen: null }, new Date('2026-09-15T00:00:00Z'));
    expect(r).toMatchObject({ tier: 'OPEN', fee: 20 });
  });
});

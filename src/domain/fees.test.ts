import { describe, expect, it } from 'vitest';
import { assertRegistrationOpen, DANCERS_PER_COUPLE, RegistrationClosedError, tierFee } from './fees.ts';

const fees = { paymentTierEarly: 15, paymentTierOpen: 20, paymentTierLate: 30 };

describe('fees', () => {
  it('charges each tier its own fee per dancer; CLOSED is the late fee', () => {
    expect(tierFee(fees, 'EARLY')).toBe(15);
    expect(tierFee(fees, 'OPEN')).toBe(20);
    expect(tierFee(fees, 'CLOSED')).toBe(30);
  });

  it('counts two dancers to a couple (each pays per event: money/feeRules.test.ts)', () => {
    expect(DANCERS_PER_COUPLE).toBe(2);
  });
});

describe('registration closed', () => {
  it('lets a couple register and change entries while registration is open', () => {
    expect(() => assertRegistrationOpen({ isOpen: true }, 'register')).not.toThrow();
    expect(() => assertRegistrationOpen({ isOpen: true }, 'change entries')).not.toThrow();
  });

  it('refuses a couple once closed, saying what to do for each action', () => {
    const refusal = (action: 'register' | 'change entries') => {
      try {
        assertRegistrationOpen({ isOpen: false }, action);
      } catch (err) {
        return err;
      }
      return null;
    };
    const registering = refusal('register');
    expect(registering).toBeInstanceOf(RegistrationClosedError);
    expect(registering).toMatchObject({
      action: 'register',
      message: 'Registration is closed. Contact the organizers to be added.',
    });
    expect(refusal('change entries')).toMatchObject({
      action: 'change entries',
      message: 'Registration is closed, so entries can no longer be changed here. Contact the organizers.',
    });
  });

  it('does not bind the organizers', () => {
    expect(() => assertRegistrationOpen({ isOpen: false }, 'register', true)).not.toThrow();
  });
});

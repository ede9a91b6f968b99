import { describe, expect, it } from 'vitest';
import { checkCoupleEligibility, checkLevelEligibility } from './eligibility.ts';

describe('level eligibility', () => {
  const placedOut = [
    { style: 'Latin', level: 'Bronze' },
    { style: 'Latin', level: 'Silver' },
    { style: 'Standard', level: 'Newcomer' },
  ] as const;

  it('refuses the placed-out level and below, naming dancer and rule', () => {
    const r = checkLevelEligibility('Ana Ruiz', { style: 'Latin', level: 'Silver' }, placedOut);
    expect(r).toMatchObject({ dancer: 'Ana Ruiz', style: 'Latin', level: 'Silver', placedOutOf: 'Silver' });
    expect(r?.message).toContain('Ana Ruiz has placed out of Silver Latin');
    expect(
      checkLevelEligibility('Ana Ruiz', { style: 'Latin', level: 'Newcomer' }, placedOut)?.placedOutOf,
    ).toBe('Silver');
  });

  it('allows higher levels and other styles', () => {
    expect(checkLevelEligibility('Ana Ruiz', { style: 'Latin', level: 'Gold' }, placedOut)).toBeNull();
    expect(checkLevelEligibility('Ana Ruiz', { style: 'Smooth', level: 'Bronze' }, placedOut)).toBeNull();
    expect(checkLevelEligibility('Ana Ruiz', { style: 'Standard', level: 'Bronze' }, placedOut)).toBeNull();
  });

  it('reports each refused dancer of a couple', () => {
    const refusals = checkCoupleEligibility({ style: 'Standard', level: 'Newcomer' }, [
      { name: 'Ana Ruiz', placedOut },
      { name: 'Ben Cole', placedOut: [] },
    ]);
    expect(refusals.map((r) => r.dancer)).toEqual(['Ana Ruiz']);
  });
});

import { describe, expect, it } from 'vitest';
import { competitionFixture } from '../../../test/adminTesting.tsx';
import { changedFields, emptyOrganizer, validateSetup, valuesFromCompetition } from './setupForm.ts';
import { discountKeyFromName, discountsBody, emptyDiscount } from './discounts.ts';

describe('setup form values', () => {
  const loaded = competitionFixture();

  it('sends nothing when nothing changed, even for dates stored with seconds', () => {
    const c = competitionFixture({ dateRegistrationOpen: '2026-10-01T13:00:42.000Z' });
    expect(changedFields(valuesFromCompetition(c), c)).toEqual({});
  });

  it('sends only the fields and pages that changed', () => {
    const v = valuesFromCompetition(loaded);
    v.fullName = 'Valley Open 2026';
    v.pages.rules = '## New rules';
    v.paymentTierLate = 45;
    expect(changedFields(v, loaded)).toEqual({
      fullName: 'Valley Open 2026',
      pages: { rules: '## New rules' },
      paymentTierLate: 45,
    });
  });

  it('sends registration dates as UTC instants read in the competition time zone', () => {
    const v = valuesFromCompetition(loaded);
    expect(v.dateRegistrationClosed).toBe('2026-11-13T23:59');
    v.dateRegistrationClosed = '2026-11-15T18:00';
    expect(changedFields(v, loaded)).toEqual({ dateRegistrationClosed: '2026-11-15T23:00:00.000Z' });
    v.dateRegistrationClosed = '';
    expect(changedFields(v, loaded)).toEqual({ dateRegistrationClosed: null });
  });

  it('keeps organizer ids for existing rows and never sends client row keys', () => {
    const v = valuesFromCompetition(loaded);
    v.organizers.push({ ...emptyOrganizer(), name: 'Nia New' });
    const patch = changedFields(v, loaded) as { organizers: Record<string, unknown>[] };
    expect(patch.organizers[0]).toMatchObject({ id: 7, name: 'Olivia Organizer' });
    expect(patch.organizers[1]).toEqual({ name: 'Nia New', role: '', email: '', bio: '', photoURL: '' });
    expect(patch.organizers.some((o) => 'rowKey' in o)).toBe(false);
  });

  it('sends the minimum rest and the floors when changed, and says what is wrong with them', () => {
    const v = valuesFromCompetition(loaded);
    v.minRestMinutes = 20;
    v.floors = ['Ballroom', 'Studio B'];
    expect(changedFields(v, loaded)).toEqual({ minRestMinutes: 20, floors: ['Ballroom', 'Studio B'] });
    v.minRestMinutes = '';
    v.floors = ['Ballroom', 'ballroom'];
    const errors = validateSetup(v, loaded.timeZone);
    expect(errors.minRestMinutes).toBe('Minimum rest must be a number of minutes');
    expect(errors.floors).toBe('Two floors have the same name');
  });

  it('validates with the shared schema, on the paths the form uses', () => {
    const v = valuesFromCompetition(loaded);
    v.fullName = '  ';
    v.organizers[0]!.email = 'not-an-email';
    v.paymentTierEarly = '';
    const errors = validateSetup(v, loaded.timeZone);
    expect(errors.fullName).toBe('Full name is required');
    expect(errors['organizers.0.email']).toBe('Organizer email is not a valid address');
    expect(errors.paymentTierEarly).toBe('Early fee must be a number');

    const dates = valuesFromCompetition(loaded);
    dates.endDate = '2026-11-01';
    dates.dateRegistrationOpen = '2026-08-01T09:00';
    expect(validateSetup(dates, loaded.timeZone)).toEqual({
      endDate: 'End date must not be before the start date',
      dateRegistrationOpen: 'Open registration date must not be before the early registration date',
    });
    expect(validateSetup(valuesFromCompetition(loaded), loaded.timeZone)).toEqual({});
  });

  it('sends admission, the refund deadline as a plain date (empty: null) and the check-in rule when changed', () => {
    // Stored as the end of 10 Nov in New York.
    const c = competitionFixture({ refundDeadline: '2026-11-11T04:59:59.999Z', admissionFee: 10 });
    const v = valuesFromCompetition(c);
    expect(v.refundDeadline).toBe('2026-11-10');
    expect(changedFields(v, c)).toEqual({});
    v.admissionFee = 12.5;
    v.refundDeadline = '2026-11-01';
    v.checkInPayment = 'block';
    expect(changedFields(v, c)).toEqual({
      admissionFee: 12.5,
      refundDeadline: '2026-11-01',
      checkInPayment: 'block',
    });
    v.refundDeadline = '';
    expect(changedFields(v, c)).toMatchObject({ refundDeadline: null });
    v.admissionFee = '';
    expect(validateSetup(v, c.timeZone).admissionFee).toBe('Admission fee must be a number');
  });
});

describe('discount categories in the setup form', () => {
  const loaded = competitionFixture({ discounts: [{ key: 'student', name: 'Student', percent: 50 }] });

  it.each([
    ['Student', 'student'],
    ['  Junior (under 12) ', 'junior-under-12'],
    ['Étudiant·e', 'etudiant-e'],
    ['学生', 'discount'],
    ['A'.repeat(60), 'a'.repeat(40)],
  ])('makes the key of %j from its name: %s', (name, key) => {
    expect(discountKeyFromName(name)).toBe(key);
  });

  it('keeps a saved key when renamed, and gives a new category a free key of its own', () => {
    const v = valuesFromCompetition(loaded);
    v.discounts[0]!.name = 'Graduate';
    v.discounts.push({ ...emptyDiscount(), name: 'Student', percent: 25 });
    v.discounts.push({ ...emptyDiscount(), name: 'Student!', percent: 10 });
    expect(changedFields(v, loaded)).toEqual({
      discounts: [
        { key: 'student', name: 'Graduate', percent: 50 },
        { key: 'student-2', name: 'Student', percent: 25 },
        { key: 'student-3', name: 'Student!', percent: 10 },
      ],
    });
    expect(validateSetup(v, loaded.timeZone)).toEqual({});
  });

  it('says what is wrong with a percent of 0, 101 or none, an empty name and a name used twice', () => {
    const v = valuesFromCompetition(loaded);
    v.discounts[0]!.percent = 0;
    v.discounts.push({ ...emptyDiscount(), name: ' student ', percent: 101 });
    v.discounts.push({ ...emptyDiscount(), name: '', percent: '' });
    expect(validateSetup(v, loaded.timeZone)).toEqual({
      'discounts.0.percent': 'Discount percent must be at least 1',
      'discounts.1.name': 'Another discount category is already called student',
      'discounts.1.percent': 'Discount percent must be at most 100',
      'discounts.2.name': 'Discount name is required',
      'discounts.2.percent': 'Discount percent must be a number',
    });
  });

  it('sends no client row keys, and a removed category by leaving it out', () => {
    const v = valuesFromCompetition(loaded);
    v.discounts = [];
    expect(changedFields(v, loaded)).toEqual({ discounts: [] });
    expect(discountsBody([{ ...emptyDiscount(), name: 'Junior', percent: '30' }])).toEqual([
      { key: 'junior', name: 'Junior', percent: 30 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { competitionFixture } from '../../../test/adminTesting.tsx';
import { changedFields, emptyOrganizer, validateSetup, valuesFromCompetition } from './setupForm.ts';

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
});

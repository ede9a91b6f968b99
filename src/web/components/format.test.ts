import { describe, expect, it } from 'vitest';
import { formatDateRange, formatMoney, formatShortDay, instagramUrl, ordinal } from './format.ts';
import { registrationSummary } from './feeNotes.ts';

describe('formatDateRange', () => {
  it('writes a weekend in one month compactly', () => {
    expect(formatDateRange('2026-11-14', '2026-11-15')).toBe('Sat 14 – Sun 15 November 2026');
  });
  it('names both months when the competition spans two', () => {
    expect(formatDateRange('2026-10-31', '2026-11-01')).toBe('Sat 31 October – Sun 1 November 2026');
  });
  it('names both years across New Year', () => {
    expect(formatDateRange('2026-12-31', '2027-01-01')).toBe('Thu 31 December 2026 – Fri 1 January 2027');
  });
  it('writes a one-day competition once', () => {
    expect(formatDateRange('2026-11-14', '2026-11-14')).toBe('Sat 14 November 2026');
  });
});

describe('formatShortDay', () => {
  const now = new Date('2026-10-01T12:00:00Z');
  it('shows the day in the competition time zone, not UTC', () => {
    // 03:00 UTC on 31 Oct is still 30 Oct in New York.
    expect(formatShortDay('2026-10-31T03:00:00Z', 'America/New_York', now)).toBe('30 Oct');
    expect(formatShortDay('2026-10-31T03:00:00Z', 'Europe/Paris', now)).toBe('31 Oct');
  });
  it('adds the year when it is not this year', () => {
    expect(formatShortDay('2027-01-05T12:00:00Z', 'UTC', now)).toBe('5 Jan 2027');
  });
});

describe('formatMoney', () => {
  it('drops cents on whole amounts and keeps them otherwise', () => {
    expect(formatMoney(25, 'USD')).toBe('$25');
    expect(formatMoney(27.5, 'USD')).toBe('$27.50');
    expect(formatMoney(30, 'EUR')).toBe('€30');
  });
});

describe('registrationSummary', () => {
  const base = {
    currency: 'USD',
    timeZone: 'America/New_York',
    dateRegistrationEarly: '2026-10-31T03:59:00Z',
    dateRegistrationOpen: '2026-11-07T04:59:00Z',
    dateRegistrationClosed: '2026-11-12T04:59:00Z',
  };
  // The competition's registration as the API answers it, the moment it is read, what the page says.
  it.each([
    {
      when: 'gives the tier, the fee and until when it applies',
      status: 'open',
      registration: { tier: 'EARLY', isOpen: true, fee: 25 },
      now: '2026-10-01T12:00:00Z',
      summary: {
        canRegister: true,
        text: 'Registration open — Early tier, $25 per dancer per event until 30 Oct',
      },
    },
    {
      when: 'names the open date once the early date has passed',
      status: 'open',
      registration: { tier: 'OPEN', isOpen: true, fee: 35 },
      now: '2026-11-02T12:00:00Z',
      summary: {
        canRegister: true,
        text: 'Registration open — Regular tier, $35 per dancer per event until 6 Nov',
      },
    },
    {
      when: 'reads closed once the early and open dates are past, offering late entries until the close',
      status: 'closed',
      registration: { tier: 'CLOSED', isOpen: true, fee: 45 },
      now: '2026-11-08T12:00:00Z',
      summary: {
        canRegister: true,
        text: 'Registration closed — late entries until 11 Nov, $45 per dancer per event',
      },
    },
    {
      when: 'says closed when registration is closed',
      status: 'closed',
      registration: { tier: 'CLOSED', isOpen: false, fee: 45 },
      now: '2026-11-13T12:00:00Z',
      summary: { canRegister: false, text: 'Registration closed' },
    },
  ] as const)('$when', ({ status, registration, now, summary }) => {
    expect(registrationSummary({ ...base, registrationStatus: status, registration }, new Date(now))).toEqual(
      summary,
    );
  });
  it('leaves out "until" when no date is ahead', () => {
    const summary = registrationSummary(
      {
        ...base,
        dateRegistrationEarly: null,
        dateRegistrationOpen: null,
        dateRegistrationClosed: null,
        registrationStatus: 'open',
        registration: { tier: 'OPEN', isOpen: true, fee: 20 },
      },
      new Date('2026-11-13T12:00:00Z'),
    );
    expect(summary.text).toBe('Registration open — Regular tier, $20 per dancer per event');
  });
});

describe('instagramUrl', () => {
  it('drops the leading @ of the handle', () => {
    expect(instagramUrl('@vss_ballroom')).toBe('https://www.instagram.com/vss_ballroom');
    expect(instagramUrl('vss.ballroom')).toBe('https://www.instagram.com/vss.ballroom');
  });
  it('is null without a handle', () => {
    expect(instagramUrl('')).toBeNull();
    expect(instagramUrl('@')).toBeNull();
  });
});

describe('ordinal', () => {
  // Places as results pages show them and as the MC reads them aloud; a shared place stays a number.
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [101, '101st'],
    [111, '111th'],
    [2.5, '2.5'],
  ])('names place %s "%s"', (place, name) => {
    expect(ordinal(place)).toBe(name);
  });
});

import { describe, expect, it } from 'vitest';
import {
  endOfDay,
  formatTime,
  formatTimeWithSeconds,
  instantFromInput,
  isKnownTimeZone,
  isPlainDate,
  startOfDay,
  utcToZonedInput,
  zonedInputToUtc,
} from './time.ts';

const iso = (t: number) => new Date(t).toISOString();

describe('plain dates in a time zone', () => {
  it('knows a real calendar date', () => {
    expect(isPlainDate('2026-12-01')).toBe(true);
    expect(isPlainDate('2028-02-29')).toBe(true);
    expect(isPlainDate('2026-02-30')).toBe(false);
    expect(isPlainDate('2026-12-01T00:00:00Z')).toBe(false);
    expect(isPlainDate('26-12-01')).toBe(false);
  });

  it('finds the start and end of a day', () => {
    expect(iso(startOfDay('2026-12-01', 'UTC'))).toBe('2026-12-01T00:00:00.000Z');
    expect(iso(endOfDay('2026-12-01', 'UTC'))).toBe('2026-12-01T23:59:59.999Z');
    expect(iso(startOfDay('2026-12-01', 'America/New_York'))).toBe('2026-12-01T05:00:00.000Z');
    expect(iso(endOfDay('2026-12-01', 'America/New_York'))).toBe('2026-12-02T04:59:59.999Z');
    expect(iso(startOfDay('2026-07-01', 'Europe/Berlin'))).toBe('2026-06-30T22:00:00.000Z');
    expect(iso(endOfDay('2026-12-31', 'Asia/Kolkata'))).toBe('2026-12-31T18:29:59.999Z');
  });

  it('counts 23- and 25-hour days where clocks change', () => {
    // New York: clocks go forward on 8 March 2026 and back on 1 November 2026.
    const spring =
      endOfDay('2026-03-08', 'America/New_York') + 1 - startOfDay('2026-03-08', 'America/New_York');
    const autumn =
      endOfDay('2026-11-01', 'America/New_York') + 1 - startOfDay('2026-11-01', 'America/New_York');
    expect(spring / 3600_000).toBe(23);
    expect(autumn / 3600_000).toBe(25);
    expect(iso(endOfDay('2026-03-08', 'America/New_York'))).toBe('2026-03-09T03:59:59.999Z');
  });

  it('starts a day whose midnight is skipped at the jump', () => {
    // Santiago de Chile: on 6 September 2026 clocks jump from 00:00 to 01:00 (-04 to -03).
    expect(iso(startOfDay('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    expect(iso(endOfDay('2026-09-05', 'America/Santiago'))).toBe('2026-09-06T03:59:59.999Z');
  });

  it('reads what an organizer typed', () => {
    expect(instantFromInput('2026-12-01', 'America/New_York', 'end')).toBe('2026-12-02T04:59:59.999Z');
    expect(instantFromInput('2026-11-01', 'America/New_York', 'start')).toBe('2026-11-01T04:00:00.000Z');
    expect(instantFromInput('2026-12-01T09:00:00+01:00', 'America/New_York', 'end')).toBe(
      '2026-12-01T08:00:00.000Z',
    );
  });
});

describe('the wall clock of a zone', () => {
  it('round-trips a datetime-local value and knows zone names', () => {
    expect(zonedInputToUtc('2026-12-01T09:30', 'America/New_York')).toBe('2026-12-01T14:30:00.000Z');
    expect(utcToZonedInput('2026-12-01T14:30:00.000Z', 'America/New_York')).toBe('2026-12-01T09:30');
    expect(zonedInputToUtc('', 'UTC')).toBeNull();
    expect(zonedInputToUtc('tomorrow', 'UTC')).toBeUndefined();
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('registration times in the competition time zone (the admin screens)', () => {
  it('shows a UTC instant on the wall clock of the zone', () => {
    expect(utcToZonedInput('2026-11-14T04:59:00Z', 'America/New_York')).toBe('2026-11-13T23:59');
    expect(utcToZonedInput('2026-07-01T08:00:00Z', 'Europe/Berlin')).toBe('2026-07-01T10:00');
    expect(utcToZonedInput('2026-07-01T08:00:00+02:00', 'UTC')).toBe('2026-07-01T06:00');
    expect(utcToZonedInput(null, 'UTC')).toBe('');
  });

  it('turns a wall-clock time back into the UTC instant, on both sides of daylight saving', () => {
    expect(zonedInputToUtc('2026-11-13T23:59', 'America/New_York')).toBe('2026-11-14T04:59:00.000Z'); // EST
    expect(zonedInputToUtc('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z'); // EDT
    expect(zonedInputToUtc('2026-03-29T03:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z'); // just after the jump
    expect(zonedInputToUtc('2026-01-10T12:00', 'Asia/Kolkata')).toBe('2026-01-10T06:30:00.000Z');
  });

  it('round-trips every hour of a year in a zone with daylight saving', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const iso = new Date(t).toISOString();
      const local = utcToZonedInput(iso, 'Europe/London');
      const back = zonedInputToUtc(local, 'Europe/London');
      // The repeated autumn hour is ambiguous on a wall clock; either instant reads the same.
      expect(utcToZonedInput(back!, 'Europe/London')).toBe(local);
    }
  });

  it('treats an empty box as "no date" and rejects text that is not a time', () => {
    expect(zonedInputToUtc('', 'UTC')).toBeNull();
    expect(zonedInputToUtc('next tuesday', 'UTC')).toBeUndefined();
  });

  it('knows real zone names from made-up ones', () => {
    expect(isKnownTimeZone('America/Chicago')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});

describe('clock times', () => {
  const ny = 'America/New_York';
  it('writes the same instant on a 12-hour or a 24-hour clock', () => {
    expect(formatTime('2026-11-21T20:45:00Z', ny, '12h')).toBe('3:45 PM');
    expect(formatTime('2026-11-21T20:45:00Z', ny, '24h')).toBe('15:45');
    expect(formatTime('2026-11-21T14:05:00Z', ny, '12h')).toBe('9:05 AM');
    expect(formatTime('2026-11-21T14:05:00Z', ny, '24h')).toBe('09:05');
  });

  it('writes the seconds when asked, on either clock, in the zone', () => {
    expect(formatTimeWithSeconds('2026-11-21T17:03:41Z', 'UTC', '24h')).toBe('17:03:41');
    expect(formatTimeWithSeconds('2026-11-21T17:03:41Z', ny, '12h')).toBe('12:03:41 PM');
    expect(formatTimeWithSeconds('2026-11-21T14:05:09Z', ny, '24h', 'de')).toBe('09:05:09');
    expect(formatTimeWithSeconds(null, ny, '24h')).toBe('TBA');
  });

  it('reads the wall clock of the competition, not of the browser', () => {
    const instant = '2026-07-04T18:30:00Z';
    expect(formatTime(instant, 'UTC', '24h')).toBe('18:30');
    expect(formatTime(instant, 'Europe/Berlin', '24h')).toBe('20:30');
    expect(formatTime(instant, 'Asia/Kolkata', '12h')).toBe('12:00 AM');
    expect(formatTime(instant, 'America/Los_Angeles', '12h')).toBe('11:30 AM');
    // Across the autumn change the same wall time is an hour apart in UTC.
    expect(formatTime('2026-10-31T13:00:00Z', ny, '24h')).toBe('09:00');
    expect(formatTime('2026-11-02T14:00:00Z', ny, '24h')).toBe('09:00');
  });

  it('writes midnight and noon the way each clock does', () => {
    expect(formatTime('2026-11-22T05:00:00Z', ny, '12h')).toBe('12:00 AM');
    expect(formatTime('2026-11-22T05:00:00Z', ny, '24h')).toBe('00:00');
    expect(formatTime('2026-11-22T17:00:00Z', ny, '12h')).toBe('12:00 PM');
    expect(formatTime('2026-11-22T17:00:00Z', ny, '24h')).toBe('12:00');
    expect(formatTime('2026-11-22T05:59:00Z', ny, '24h')).toBe('00:59');
    expect(formatTime('2026-11-22T04:59:00Z', ny, '12h')).toBe('11:59 PM');
  });

  it('puts the day first when asked, in the zone (the day can differ from UTC’s)', () => {
    expect(formatTime('2026-11-21T14:05:00Z', ny, '12h', true)).toBe('Sat 9:05 AM');
    expect(formatTime('2026-11-21T14:05:00Z', ny, '24h', true)).toBe('Sat 09:05');
    expect(formatTime('2026-11-22T03:30:00Z', ny, '24h', true)).toBe('Sat 22:30');
    expect(formatTime('2026-11-22T03:30:00Z', 'UTC', '12h', true)).toBe('Sun 3:30 AM');
  });

  it('says TBA for no instant and falls back to UTC for an unknown zone', () => {
    expect(formatTime(null, ny, '12h')).toBe('TBA');
    expect(formatTime('', ny, '24h')).toBe('TBA');
    expect(formatTime('nonsense', ny, '24h', true)).toBe('TBA');
    expect(formatTime('2026-11-21T14:05:00Z', 'Mars/Olympus', '24h')).toBe('14:05');
  });
});

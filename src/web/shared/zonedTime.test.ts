import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, utcToZonedInput, zonedInputToUtc } from './zonedTime.ts';

describe('registration times in the competition time zone', () => {
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

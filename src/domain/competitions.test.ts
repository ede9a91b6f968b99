import { describe, expect, it } from 'vitest';
import { competitionState, shiftDate, shiftInstant } from './competitions.ts';
import { RoundState as S } from './rounds/state.ts';

const vss = { startDate: '2026-04-11', endDate: '2026-04-12', timeZone: 'America/New_York' };
const at = (iso: string) => Date.parse(iso);

describe('where a competition stands', () => {
  it('is upcoming before its first day in its own zone, running on its days, finished after', () => {
    // 03:59 UTC on the 11th is still the 10th in New York.
    expect(competitionState(vss, [], at('2026-04-11T03:59:00Z'))).toBe('upcoming');
    expect(competitionState(vss, [], at('2026-04-11T04:00:00Z'))).toBe('running');
    expect(competitionState(vss, [S.Initialized], at('2026-04-13T03:59:00Z'))).toBe('running');
    expect(competitionState(vss, [S.Running], at('2026-04-13T04:00:00Z'))).toBe('finished');
  });

  it('is running early once a round has started, finished once every round is posted or skipped', () => {
    expect(competitionState(vss, [S.Initialized, S.Running], at('2026-04-10T22:00:00Z'))).toBe('running');
    expect(competitionState(vss, [S.Posted, S.Skipped], at('2026-04-12T20:00:00Z'))).toBe('finished');
    expect(competitionState(vss, [S.Posted, S.Empty], at('2026-04-12T20:00:00Z'))).toBe('running');
  });
});

describe('moving dates by a season', () => {
  it('moves calendar dates across months, leap days and backwards', () => {
    expect(shiftDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDate('2024-04-13', 364)).toBe('2025-04-12');
    expect(shiftDate('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('keeps a deadline at the same local time across a daylight-saving change', () => {
    // 23:59:59.999 on 1 March in New York (EST, UTC-5) → 23:59:59.999 on 29 March (EDT, UTC-4).
    expect(shiftInstant('2026-03-02T04:59:59.999Z', 28, 'America/New_York')).toBe('2026-03-30T03:59:59.999Z');
    expect(shiftInstant('2026-03-02T04:59:59.999Z', 28, 'UTC')).toBe('2026-03-30T04:59:59.999Z');
  });
});

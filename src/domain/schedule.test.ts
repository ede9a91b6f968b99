import { describe, expect, it } from 'vitest';
import { estimateSchedule, type ScheduledRound, type ScheduleTiming } from './schedule.ts';

const timing: ScheduleTiming = {
  firstStartTime: '2026-11-21T09:00:00.000Z',
  perDanceSeconds: 120,
  transitionSeconds: 60,
};
const round = (key: string, scheduleIndex: number, extra: Partial<ScheduledRound> = {}): ScheduledRound => ({
  key,
  scheduleIndex,
  dances: 2,
  heats: 1,
  roundStartTime: null,
  startedAt: null,
  endedAt: null,
  skipped: false,
  ...extra,
});
const starts = (r: ReturnType<typeof estimateSchedule>) =>
  Object.fromEntries(r.map((e) => [e.key, e.estimatedStart?.slice(11, 16) ?? 'TBA']));
const early = new Date('2026-11-21T08:00:00Z');

describe('estimateSchedule', () => {
  it('runs rounds back to back from the first start: dances × heats × per-dance plus transition', () => {
    const r = estimateSchedule(
      [round('a', 1), round('b', 2, { dances: 3, heats: 2 }), round('c', 3)],
      timing,
      early,
    );
    // a: 09:00 + 4 min → 09:04, +1 → b 09:05 + 12 min → 09:17, +1 → c 09:18
    expect(starts(r)).toEqual({ a: '09:00', b: '09:05', c: '09:18' });
  });

  it('orders by schedule index, not by input order, including half-step indexes', () => {
    const r = estimateSchedule([round('late', 2), round('first', 1), round('inserted', 1.5)], timing, early);
    expect(r.map((e) => e.key)).toEqual(['first', 'inserted', 'late']);
  });

  it('is TBA everywhere without a first start time, until a round has its own time', () => {
    const r = estimateSchedule(
      [round('a', 1), round('b', 2, { roundStartTime: '2026-11-21T13:00:00Z' }), round('c', 3)],
      { ...timing, firstStartTime: null },
      early,
    );
    expect(starts(r)).toEqual({ a: 'TBA', b: '13:00', c: '13:05' });
  });

  it('holds a round back to its fixed start time but never starts it before the previous one ends', () => {
    const r = estimateSchedule(
      [
        round('a', 1),
        round('lunch', 2, { roundStartTime: '2026-11-21T12:00:00Z', dances: 1 }),
        round('b', 3, { roundStartTime: '2026-11-21T09:01:00Z' }),
      ],
      timing,
      early,
    );
    expect(starts(r)).toEqual({ a: '09:00', lunch: '12:00', b: '12:03' });
    expect(r[2]?.minutesLate).toBe(182);
  });

  it('moves later estimates when a round really started late and is still running', () => {
    const rounds = [round('a', 1, { startedAt: '2026-11-21T09:10:00Z' }), round('b', 2), round('c', 3)];
    const before = estimateSchedule(rounds, timing, new Date('2026-11-21T09:11:00Z'));
    expect(starts(before)).toEqual({ a: '09:10', b: '09:15', c: '09:20' });
    // Still dancing at 09:30: it ends "now" at the earliest, and everything after moves again.
    const overrun = estimateSchedule(rounds, timing, new Date('2026-11-21T09:30:00Z'));
    expect(starts(overrun)).toEqual({ a: '09:10', b: '09:31', c: '09:36' });
  });

  it('uses the real end of a finished round, so an early finish pulls the day forward', () => {
    const r = estimateSchedule(
      [round('a', 1, { startedAt: '2026-11-21T09:00:00Z', endedAt: '2026-11-21T09:02:00Z' }), round('b', 2)],
      timing,
      new Date('2026-11-21T09:02:30Z'),
    );
    expect(starts(r)).toEqual({ a: '09:00', b: '09:03' });
  });

  it('gives a skipped round no time and no estimate', () => {
    const r = estimateSchedule(
      [round('a', 1), round('skip', 2, { skipped: true }), round('b', 3)],
      timing,
      early,
    );
    expect(starts(r)).toEqual({ a: '09:00', skip: 'TBA', b: '09:05' });
  });
});
